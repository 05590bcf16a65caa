import type { TrialStatusTone } from '@healthlink/contracts';
import '../../../components/badge/level-badge.css';
import { statusTone, statusWords } from '../lib/trial-status';

/** A shape per tone, so the status reads without its colour: a check, a clock, a stop sign, a plain circle. */
function StatusIcon({ tone }: { tone: TrialStatusTone }) {
  const line = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg className="level-badge__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {tone === 'green' && (
        <>
          <circle cx="12" cy="12" r="9.5" {...line} />
          <path d="M7.5 12.5l3 3 6-6.5" {...line} />
        </>
      )}
      {tone === 'accent' && (
        <>
          <circle cx="12" cy="12" r="9.5" {...line} />
          <path d="M12 7v5l3.5 2" {...line} />
        </>
      )}
      {tone === 'red' && (
        <>
          <path d="M8 2.5h8l5.5 5.5v8L16 21.5H8L2.5 16V8z" {...line} />
          <path d="M8.5 12h7" {...line} />
        </>
      )}
      {tone === 'default' && <circle cx="12" cy="12" r="9.5" {...line} strokeDasharray="3 2.5" />}
    </svg>
  );
}

/**
 * A trial's status (part 2 §4): the word title-cased with spaces, always shown, with its colour (recruiting green,
 * not yet recruiting the accent, closed ones red, anything else the default) and a shape, never the colour alone.
 */
export function TrialStatusBadge({ status }: { status: string | null | undefined }) {
  const tone = statusTone(status);
  return (
    <span className={`level-badge trial-status trial-status--${tone}`}>
      <StatusIcon tone={tone} />
      <span>{statusWords(status)}</span>
    </span>
  );
}
