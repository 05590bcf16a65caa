import { uptimeTone, type UptimeTone } from '@healthlink/contracts';

// A shape beside the word, so the status never rests on colour (or on reading the word) alone.
const MARK: Record<UptimeTone, string> = { green: '✓', grey: '–', red: '✕' };

/** PASS green, UNTESTABLE grey, anything else red (part 2 §2), each with its word. */
export function UptimeStatusBadge({ status }: { status: string }) {
  const tone = uptimeTone(status);
  return (
    <span className={`uptime-status uptime-status--${tone}`}>
      <span aria-hidden="true">{MARK[tone]}</span> {status}
    </span>
  );
}
