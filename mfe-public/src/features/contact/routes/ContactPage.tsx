import { Container } from '@healthlink/web-ui';

export function ContactPage() {
  return (
    <Container className="page">
      <h1>Contact Us</h1>
    </Container>
  );
}
