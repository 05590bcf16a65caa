import { Link } from 'react-router';
import { STAFF_ONLY_MESSAGE } from '@healthlink/contracts';
import { buttonClassName, Container } from '@healthlink/web-ui';
import { usePageTitle } from '@healthlink/web-runtime';
import { DebugTexts } from './debug-texts';

/**
 * What a staff page shows when its API answers 403 AUTH.STAFF_ONLY: the role was revoked after the staff gate let the
 * page in. The same words as the gate's staff-only page (features do not import each other), never a generic error.
 */
export function StaffOnlyNotice() {
  usePageTitle(DebugTexts.staffOnlyTitle);
  return (
    <Container className="page">
      <div role="alert">
        <h1>{DebugTexts.staffOnlyTitle}</h1>
        <p>{STAFF_ONLY_MESSAGE}</p>
      </div>
      <p>{DebugTexts.staffOnlyHowToGetAccess}</p>
      <Link to={DebugTexts.dashboardPath} className={buttonClassName('primary')}>
        {DebugTexts.backToDashboard}
      </Link>
    </Container>
  );
}
