import { useEffect, useRef } from 'react';

/**
 * Results that appear below a long form are brought into view and their heading focused (part 1 §2: "scrolled into
 * view"), so keyboard and screen-reader users land on them too. The heading needs tabIndex -1.
 */
export function useRevealOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    element.focus({ preventScroll: true });
  }, []);
  return ref;
}
