import { Link } from 'react-router';
import { buttonClassName, Container } from '@healthlink/web-ui';
import { usePageTitle } from '@healthlink/web-runtime';
import { DASHBOARD_PATH, StaffAccessTexts } from '../lib/staff-access-texts';
import './staff-access.css';

/** What a signed-in member who is not staff sees on a staff page: why not, how to get access, and the way back. */
export function StaffOnlyPage() {
  usePageTitle(StaffAccessTexts.title);
  return (
    <Container className="page staff-only">
      <h1>{StaffAccessTexts.title}</h1>
      <p>{StaffAccessTexts.message}</p>
      <p>{StaffAccessTexts.howToGetAccess}</p>
      <Link to={DASHBOARD_PATH} className={buttonClassName('primary', 'staff-only__back')}>
        {StaffAccessTexts.backToDashboard}
      </Link>
    </Container>
  );
}
