import { Link } from 'react-router';
import { buttonClassName, Container } from '@healthlink/web-ui';
import './home.css';

export function HomePage() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <Container>
        <h1 id="home-hero-title">Your health records, prescriptions and savings in one place</h1>
        <p className="home-hero__lead">
          Link your health insurance to see your claims, diagnoses and prescriptions, compare drug prices and
          find a plan that costs you less. The 21st Century Cures Act gives you the right to your own data.
        </p>
        <div className="home-hero__actions">
          <Link to="/register" className={buttonClassName('primary')}>
            Get Started
          </Link>
          <Link to="/about" className={buttonClassName('secondary')}>
            Who We Are
          </Link>
        </div>
      </Container>
    </section>
  );
}
