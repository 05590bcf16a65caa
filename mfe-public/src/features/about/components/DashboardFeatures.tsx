import type { ReactNode } from 'react';
import { useMediaQuery } from '@healthlink/web-ui';
import { Carousel } from './Carousel';

/** Spec part 1 §2: a carousel up to 960px wide, a static grid above. */
export const CAROUSEL_QUERY = '(max-width: 960px)';

export interface DashboardFeature {
  id: string;
  title: string;
  text: string;
  icon: ReactNode;
}

const icon = (path: ReactNode) => (
  <svg className="dashboard-card__icon" aria-hidden="true" focusable="false" viewBox="0 0 48 48" width="48" height="48">
    <rect width="48" height="48" rx="12" fill="#e6f0fa" />
    <g fill="none" stroke="#0a58a8" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      {path}
    </g>
  </svg>
);

export const DASHBOARD_FEATURES: readonly DashboardFeature[] = [
  {
    id: 'history',
    title: 'Five years of medical history',
    text: 'Your visits, claims and prescriptions from up to five years back, gathered from your insurer into one timeline.',
    icon: icon(
      <>
        <circle cx="24" cy="24" r="13" />
        <path d="M24 16v9l6 4" />
      </>,
    ),
  },
  {
    id: 'diagnoses',
    title: 'Every diagnosis, with its date',
    text: 'Each diagnosis on your record and when it occurred, explained in plain language.',
    icon: icon(
      <>
        <path d="M16 12v10a8 8 0 0 0 16 0V12" />
        <path d="M24 30v4a6 6 0 0 0 12 0v-3" />
        <circle cx="36" cy="28" r="3" />
      </>,
    ),
  },
  {
    id: 'expenses',
    title: 'Your healthcare expenses',
    text: 'Review what you paid: copays, coinsurance and out-of-pocket costs, claim by claim.',
    icon: icon(
      <>
        <rect x="11" y="15" width="26" height="18" rx="3" />
        <path d="M11 21h26M17 28h6" />
      </>,
    ),
  },
  {
    id: 'compare',
    title: 'Compare your plan',
    text: 'See how your plan measures up against the other plans available in your area, and what you could save.',
    icon: icon(
      <>
        <path d="M24 11v26M14 37h20" />
        <path d="M12 17h24" />
        <path d="M12 17l-5 10h10zM36 17l-5 10h10z" />
      </>,
    ),
  },
];

function FeatureCard({ feature }: { feature: DashboardFeature }) {
  return (
    <article className="dashboard-card">
      {feature.icon}
      <h3>{feature.title}</h3>
      <p>{feature.text}</p>
    </article>
  );
}

/** The personal-dashboard features: a carousel on narrow screens, a grid on wide ones. */
export function DashboardFeatures({ features = DASHBOARD_FEATURES }: { features?: readonly DashboardFeature[] }) {
  const narrow = useMediaQuery(CAROUSEL_QUERY);
  if (narrow) {
    return <Carousel label="Dashboard features" items={features} itemKey={(f) => f.id} renderItem={(f) => <FeatureCard feature={f} />} />;
  }
  return (
    <ul className="dashboard-grid">
      {features.map((feature) => (
        <li key={feature.id}>
          <FeatureCard feature={feature} />
        </li>
      ))}
    </ul>
  );
}
