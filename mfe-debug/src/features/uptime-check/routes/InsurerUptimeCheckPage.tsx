import { Button, Container } from '@healthlink/web-ui';
import { isApiError, usePageTitle } from '@healthlink/web-runtime';
import { useIsStaff } from '../api/get-uptime-history';
import { useRunUptimeCheck } from '../api/run-uptime-check';
import { UptimeHistorySection } from '../components/UptimeHistorySection';
import { UptimeResultsTable } from '../components/UptimeResultsTable';
import { UptimePageTexts } from '../lib/uptime-texts';
import '../components/uptime-check.css';

/**
 * /debug/insurerUptimeCheck (part 2 §2): not behind the staff gate, as its check is public (the call sends no
 * token). Staff also see each insurer's uptime over the last 30 days; for others that part is simply absent.
 */
export function InsurerUptimeCheckPage() {
  usePageTitle(UptimePageTexts.title);
  const check = useRunUptimeCheck();
  const isStaff = useIsStaff();
  // Too many checks from this address: the server's own words say how long to wait.
  const tooMany = isApiError(check.error) && check.error.status === 429 ? check.error.message : null;

  return (
    <Container className="page uptime-check">
      <h1>{UptimePageTexts.title}</h1>
      <p>{UptimePageTexts.intro}</p>
      <div className="uptime-check__actions">
        {/* aria-disabled, not disabled: the button keeps keyboard focus while the check runs. */}
        <Button aria-disabled={check.isPending || undefined} onClick={() => !check.isPending && check.mutate()}>
          {check.isPending ? UptimePageTexts.running : UptimePageTexts.run}
        </Button>
        <p className="uptime-check__status" role="status">
          {check.isPending ? UptimePageTexts.running : check.isSuccess ? UptimePageTexts.checked(check.data.length) : ''}
        </p>
      </div>
      {check.isError && (
        <div className="uptime-check__error" role="alert">
          <p>{UptimePageTexts.failed}</p>
          {tooMany && <p>{tooMany}</p>}
        </div>
      )}
      {check.isIdle && <p className="uptime-check__hint">{UptimePageTexts.idle}</p>}
      {check.isSuccess && (check.data.length ? <UptimeResultsTable results={check.data} /> : <p>{UptimePageTexts.empty}</p>)}
      {isStaff && <UptimeHistorySection />}
    </Container>
  );
}
