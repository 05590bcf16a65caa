import { Link } from 'react-router';
import './list-page.css';

const DASHBOARD_PATH = '/app/dashboard';

/** The list pages' way back (part 2 §2): a link to the dashboard. */
export function BackToDashboard() {
  return (
    <p className="list-page__back">
      <Link to={DASHBOARD_PATH}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Back to Dashboard
      </Link>
    </p>
  );
}
