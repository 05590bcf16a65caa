import { useEffect } from 'react';
import type { FetchStatus } from './widget-types';
import './widget.css';

export interface NotYetAvailableProps {
  /** What the section will show once its feature is built. */
  promise: string;
  /** Nothing is fetched, so nothing can fail: the section tells the fetch tracking `success` at once. */
  onStatus?: (status: FetchStatus) => void;
}

/** The honest empty state of a section whose feature is not built yet: no made-up rows. */
export function NotYetAvailable({ promise, onStatus }: NotYetAvailableProps) {
  useEffect(() => {
    onStatus?.('success');
  }, [onStatus]);
  return (
    <div className="widget-not-yet">
      <p className="widget-not-yet__title">Not available yet</p>
      <p>{promise}</p>
    </div>
  );
}
