import { Container } from '@healthlink/web-ui';
import { usePageTitle } from '@healthlink/web-runtime';
import { ContactForm } from '../components/ContactForm';
import { GetInTouch } from '../components/GetInTouch';
import './contact.css';

export function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <Container className="page contact">
      <h1>Contact Us</h1>
      <p className="contact__lead">Questions about your account, your data or your plan? Write to us: we respond within 24 hours.</p>
      <div className="contact__layout">
        <ContactForm />
        <GetInTouch />
      </div>
    </Container>
  );
}
