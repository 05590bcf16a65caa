import { useReconnect } from '../hooks/useReconnect';

export const RECONNECTING_TEXT = "Reconnecting… We can't reach our records right now; we'll keep trying.";

/** A polite live region, always present so that screen readers announce the text when it appears. */
export function ReconnectingStatus() {
  const reconnecting = useReconnect();
  return (
    <div role="status" aria-live="polite" className="shell-reconnecting">
      {reconnecting && <p className="shell-reconnecting__text">{RECONNECTING_TEXT}</p>}
    </div>
  );
}
