import { Link } from 'react-router';
import { buttonClassName, Container } from '@healthlink/web-ui';
import { trackEvent, usePageTitle, useSiteInfo } from '@healthlink/web-runtime';
import { DashboardFeatures } from '../components/DashboardFeatures';
import { PartnerLogos } from '../components/PartnerLogos';
import './about.css';

const VALUES = [
  { title: 'Vision', text: 'A country where every person can see, understand and use their own health information.' },
  { title: 'Mission', text: 'To put your health-plan records, prescriptions and savings in one place that is simple, free and yours.' },
  { title: 'Innovation', text: 'We build on the open, secure patient-access standards the 21st Century Cures Act made possible.' },
  { title: 'Customers', text: 'We design for everyone, including people on Medicare: large text, plain words and real people to call.' },
  {
    title: 'Team',
    text: 'Engineers, clinicians and licensed brokers in Los Angeles who have all struggled with the paperwork themselves.',
  },
  { title: 'Ethics', text: 'Your data is yours. We never sell or share it, and you can delete it at any time.' },
];

export function AboutPage() {
  usePageTitle('About Us');
  const { productName } = useSiteInfo();

  return (
    <div className="about">
      <Container className="page">
        <h1>About Us</h1>
        <section className="about-story" aria-labelledby="about-story">
          <h2 id="about-story">Our story</h2>
          <p>
            {productName} began in Los Angeles in 2022, after one of our founders spent a weekend on the phone trying to collect a parent's
            prescriptions, diagnoses and bills from three different offices. The records existed; they were just out of reach.
          </p>
          <p>
            The 21st Century Cures Act changed that: health plans must now let you take your own records to an app you choose. We built{' '}
            {productName} so that anyone, at any age, can do it in a few minutes and finally see the whole picture of their care and costs.
          </p>
        </section>

        <section aria-labelledby="about-partners">
          <h2 id="about-partners">Insurance partners</h2>
          <p>We connect to these insurers and programs through their secure patient-access services.</p>
          <PartnerLogos />
        </section>

        <section aria-labelledby="about-values">
          <h2 id="about-values">Our values</h2>
          <ul className="about-values">
            {VALUES.map((value) => (
              <li key={value.title} className="about-card">
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-dashboard">
          <h2 id="about-dashboard">Your personal health dashboard</h2>
          <p>Once your insurance is linked, your dashboard brings it all together.</p>
          <DashboardFeatures />
          <p className="about-cta">
            <Link to="/register" className={buttonClassName('primary')} onClick={() => trackEvent('about', 'get_started')}>
              Create your free account
            </Link>
          </p>
        </section>
      </Container>
    </div>
  );
}
