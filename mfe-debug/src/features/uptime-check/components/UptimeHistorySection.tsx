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
  } else if (history.isError) {
    content = (
      <div className="uptime-check__error" role="alert">
        <p>{UptimePageTexts.historyFailed}</p>
        <Button variant="secondary" onClick={() => void history.refetch()} disabled={history.isFetching}>
          {UptimePageTexts.retry}
        </Button>
      </div>
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
