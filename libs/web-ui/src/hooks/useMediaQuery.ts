import { useCallback, useSyncExternalStore } from 'react';

/** Spec part 1 §9 breakpoints: small screens are 0-640px, medium 641-1000px. */
export const SMALL_SCREEN_QUERY = '(max-width: 640px)';
export const MEDIUM_SCREEN_QUERY = '(min-width: 641px) and (max-width: 1000px)';

/** Whether a CSS media query matches now; re-renders when that changes (resize, zoom, rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
