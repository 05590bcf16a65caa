import { Link } from 'react-router';
import { buttonClassName, Container } from '@healthlink/web-ui';
import './onboarding.css';

const CHOICES = [
  {
    id: 'insurance',
    title: 'Link your health insurance',
    text: 'See your claims, prescriptions and diagnoses from your insurer, and compare your plan with others.',
    to: '/insuranceSelect',
    action: 'Link insurance',
  },
  {
    id: 'drugs',
    title: 'Add your prescription drugs',
    text: 'Enter the medications you take to find coupons and lower prices.',
    to: '/drugEntry',
    action: 'Add prescription drugs',
  },
] as const;

/** Where a new account lands (spec part 1 §2, §4): two ways to start. */
export function HealthSetupPage() {
  return (
    <Container className="page onboarding">
      <h1>Set Up Your Health Data</h1>
      <p className="onboarding__lead">Choose how you would like to start. You can do the other one later.</p>
      <ul className="onboarding__choices">
        {CHOICES.map((choice) => (
          <li key={choice.id} className="onboarding__choice">
            <h2>{choice.title}</h2>
            <p>{choice.text}</p>
            <Link to={choice.to} className={buttonClassName('primary')}>
              {choice.action}
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}
