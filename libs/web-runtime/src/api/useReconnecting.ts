import { useSyncExternalStore } from 'react';
import { CONNECTIVITY_EVENT, isReconnecting } from './connectivity';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CONNECTIVITY_EVENT, onChange);
  return () => window.removeEventListener(CONNECTIVITY_EVENT, onChange);
}

/** True while the API is unreachable; kept in step across bundles. */
export function useReconnecting(): boolean {
  return useSyncExternalStore(subscribe, isReconnecting, () => false);
}
