import { Button } from '@healthlink/web-ui';

export interface RemoteUnavailableProps {
  onRetry: () => void;
}

/** What a remote's area shows when its bundle cannot be loaded or crashes while rendering. */
export function RemoteUnavailable({ onRetry }: RemoteUnavailableProps) {
  return (
    <div className="hl-remote-unavailable" role="alert">
      <p className="hl-remote-unavailable__title">This section is unavailable</p>
      <p>Something went wrong while loading this part of the page. The rest of the site still works.</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}
