import { Link } from 'react-router';
import { Button, buttonClassName } from '@healthlink/web-ui';
import { INSURANCE_SELECT_PATH, WidgetFailed } from '../../../components/widget/WidgetState';
import { AiDashboardTexts } from '../lib/ai-dashboard-texts';

/** The AI failure (part 2 §8) with a way to try again. */
export function AiFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <WidgetFailed message={AiDashboardTexts.failed} />
      <Button variant="secondary" className="widget-retry" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

/** A card whose data lists are empty: why there are no suggestions, and the way to add data. */
export function NeedsData({ why }: { why: string }) {
  return (
    <div className="widget-empty">
      <p>{why}</p>
      <p>{AiDashboardTexts.missingAction}</p>
      <Link to={INSURANCE_SELECT_PATH} className={buttonClassName('primary')}>
        Link Insurance Company
      </Link>
    </div>
  );
}
