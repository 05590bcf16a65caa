import { Link } from 'react-router';
import { buttonClassName, Container } from '@healthlink/web-ui';
import { telHref, trackEvent, usePageTitle, useSiteInfo } from '@healthlink/web-runtime';
import { usePingServer } from '../api/ping';
import heroArt from '../assets/hero-dashboard.svg';
import './home.css';

const STEPS = [
  { title: 'Create your free account', text: 'Sign up with your name and e-mail address. It takes about two minutes and costs nothing.' },
  {
    title: 'Link your health insurance',
    text: "You sign in on your insurer's own website and choose to share your records with us. We never see or keep that password.",
  },
  {
    title: 'See everything in one place',
    text: 'Your personal dashboard shows your claims, diagnoses, prescriptions and costs from up to five years back.',
  },
];

const SECURITY = [
  {
    title: 'We never keep your insurer password',
    text: 'Linking happens on your insurer’s own sign-in page. We receive a permission you can withdraw, not your password.',
  },
  {
    title: 'Your data is never sold or shared',
    text: 'We do not sell or share your personal data. Our site statistics are our own, with no name, no account id and no health information.',
  },
  {
    title: 'Delete everything, any time',
    text: 'Closing your account deletes it at once and for good, with everything we fetched for you.',
  },
  { title: 'Protected on the way', text: 'Every page and every record travels over an encrypted connection.' },
];

export function HomePage() {
  usePingServer();
  usePageTitle();
  const { site } = useSiteInfo();

  return (
    <>
      <section className="home-hero" aria-labelledby="home-hero-title">
        <Container className="home-hero__inner">
          <div className="home-hero__text">
            <h1 id="home-hero-title">Your health records, prescriptions and savings in one place</h1>
            <p className="home-hero__lead">
              Link your health insurance to see your claims, diagnoses and prescriptions, compare drug prices and find a plan that costs you
              less. The 21st Century Cures Act gives you the right to your own data.
            </p>
            <div className="home-hero__actions">
              <Link to="/register" className={buttonClassName('primary')} onClick={() => trackEvent('home', 'get_started')}>
                Get Started
              </Link>
              <Link to="/about" className={buttonClassName('secondary')} onClick={() => trackEvent('home', 'who_we_are')}>
                Who We Are
              </Link>
            </div>
          </div>
          {/* Decorative; sized (no layout shift) and lazy (not fetched where it is hidden, below 1000px). */}
          <img className="home-hero__art" src={heroArt} alt="" width={360} height={280} loading="lazy" decoding="async" />
        </Container>
      </section>

      <section className="home-section" aria-labelledby="home-how">
        <Container>
          <h2 id="home-how">How it works</h2>
          <ol className="home-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="home-card">
                <span className="home-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section className="home-section home-section--tint" aria-labelledby="home-compare">
        <Container className="home-split">
          <div>
            <h2 id="home-compare">Compare and save</h2>
            <p>
              See what you really pay for your prescriptions and what the same medicine costs with a coupon. Review your copays, coinsurance
              and out-of-pocket costs, and compare your plan with the other plans in your area.
            </p>
            <p>
              When a better plan exists, a licensed insurance broker can help you switch
              {site ? (
                <>
                  {' '}
                  at <a href={telHref(site.brokerPhone)}>{site.brokerPhone}</a>
                </>
              ) : null}
              .
            </p>
            <Link to="/register" className={buttonClassName('primary')} onClick={() => trackEvent('home', 'compare_sign_up')}>
              Start comparing
            </Link>
          </div>
          <ul className="home-checks">
            <li>Prescription prices and drug coupons</li>
            <li>Copays, coinsurance and out-of-pocket costs</li>
            <li>Your plan next to others in your area</li>
            <li>Help from a licensed broker</li>
          </ul>
        </Container>
      </section>

      <section className="home-section" aria-labelledby="home-security">
        <Container>
          <h2 id="home-security">Security center</h2>
          <ul className="home-grid">
            {SECURITY.map((item) => (
              <li key={item.title} className="home-card">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
          <p>
            Read the details in our <Link to="/privacyPolicy">Privacy Policy</Link>.
          </p>
        </Container>
      </section>

      <section className="home-section home-section--cures" aria-labelledby="home-cures">
        <Container>
          <h2 id="home-cures">The 21st Century Cures Act: your data, your right</h2>
          <p>
            A federal law lets you get your own health-plan records (claims, prescriptions and diagnoses) from your insurer through apps you
            choose, at no cost. That is what makes this service possible.
          </p>
          <Link to="/curesAct" className={buttonClassName('secondary')}>
            Learn about the Cures Act
          </Link>
        </Container>
      </section>
    </>
  );
}
