import { uptimeTone, type UptimeHistoryEntry, type UptimeSample } from '@healthlink/contracts';
import { UptimePageTexts } from '../lib/uptime-texts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayLabel = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "99.95%": two decimals below 100 (a day's outage in a month is 96.67%), none at 100. */
export function formatUptime(uptime: number | null): string {
  if (uptime === null) return UptimePageTexts.noTestable;
  const percent = uptime * 100;
  return percent >= 100 ? '100%' : `${(Math.floor(percent * 100) / 100).toFixed(2)}%`;
}

interface Segment {
  key: string;
  label: string;
  title: string;
  tone: 'green' | 'grey' | 'red' | 'none';
  failed: boolean;
}

/** The `days` UTC days ending today, oldest first, each with its sample or none. */
export function daySegments(samples: UptimeSample[], days: number, now: Date): Segment[] {
  const byDay = new Map(samples.map((sample) => [sample.checkedAt.slice(0, 10), sample]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(today - (days - 1 - i) * DAY_MS);
    const key = date.toISOString().slice(0, 10);
    const label = dayLabel(date);
    const sample = byDay.get(key);
    if (!sample) return { key, label, title: UptimePageTexts.noData(label), tone: 'none', failed: false };
    const tone = uptimeTone(sample.status);
    return {
      key,
      label,
      title: UptimePageTexts.dayTitle(label, sample.passed, sample.checks, sample.status),
      tone,
      failed: tone === 'red',
    };
  });
}

/**
 * One insurer's last `days` days as a row of day segments, with the uptime in words beside it and the days that
 * failed listed in text: the bar itself is decoration for sighted users (each segment's title tells its day).
 */
export function UptimeBar({ entry, days, now }: { entry: UptimeHistoryEntry; days: number; now: Date }) {
  const segments = daySegments(entry.samples, days, now);
  const failed = segments.filter((segment) => segment.failed).map((segment) => segment.label);
  return (
    <li className="uptime-bar">
      <div className="uptime-bar__head">
        <span className="uptime-bar__name">{entry.insurer}</span>
        <span className="uptime-bar__percent">{formatUptime(entry.uptime)}</span>
      </div>
      <div className="uptime-bar__days" aria-hidden="true">
        {segments.map((segment) => (
          <span key={segment.key} className={`uptime-bar__day uptime-bar__day--${segment.tone}`} title={segment.title} />
        ))}
      </div>
      <p className="uptime-bar__summary">{failed.length ? UptimePageTexts.failedDays(failed.join(', ')) : UptimePageTexts.noFailures}</p>
    </li>
  );
}
