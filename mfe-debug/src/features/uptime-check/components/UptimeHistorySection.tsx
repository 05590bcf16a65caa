import { Button, Spinner } from '@healthlink/web-ui';
import { useUptimeHistory } from '../api/get-uptime-history';
import { UptimePageTexts } from '../lib/uptime-texts';
import { UptimeBar } from './UptimeBar';

/** Staff only (the API answers 403 to others): each insurer's uptime over the scheduled runs of the last 30 days. */
export function UptimeHistorySection() {
  const history = useUptimeHistory(true);
  let content;
  if (history.data) {
    const { insurers, days } = history.data;
    const now = new Date();
    content = insurers.some((entry) => entry.samples.length) ? (
      <ul className="uptime-history__list">
        {insurers.map((entry) => (
          <UptimeBar key={entry.insurer} entry={entry} days={days} now={now} />
        ))}
      </ul>
    ) : (
      <p>{UptimePageTexts.historyEmpty}</p>
    );
  } else if (history.isError || history.errorUpdateCount > 0) {
    // After a failure the alert and its Retry stay while it retries (a refetch without data is "pending" again):
    // aria-disabled, not disabled nor unmounted, so the keyboard focus stays on Retry.
    const retrying = history.isFetching;
    content = (
      <>
        <div className="uptime-check__error" role="alert">
          <p>{UptimePageTexts.historyFailed}</p>
          <Button variant="secondary" aria-disabled={retrying || undefined} onClick={() => !retrying && void history.refetch()}>
            {UptimePageTexts.retry}
          </Button>
        </div>
        {retrying && (
          <div role="status">
            <Spinner label={UptimePageTexts.historyLoading} />
          </div>
        )}
      </>
    );
  } else {
    content = (
      <div role="status">
        <Spinner label={UptimePageTexts.historyLoading} />
      </div>
    );
  }
  return (
    <section className="uptime-history" aria-labelledby="uptime-history-title">
      <h2 id="uptime-history-title">{UptimePageTexts.historyTitle}</h2>
      <p>{UptimePageTexts.historyIntro}</p>
      {content}
    </section>
  );
}
