import { Button } from '@healthlink/web-ui';
import { WidgetFailed } from '../../../components/widget/WidgetState';
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
