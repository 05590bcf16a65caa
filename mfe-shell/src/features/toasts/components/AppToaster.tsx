import { useEffect, useState } from 'react';
import { toast, Toaster, useToasterStore, type Toast } from 'react-hot-toast';

/** Spec part 1 §9: at most 20 toasts at once. */
export const TOAST_LIMIT = 20;

/** The visible toasts beyond the limit, oldest first out (the store lists newest first). */
export function toastsOverLimit(toasts: readonly Toast[], limit: number = TOAST_LIMIT): Toast[] {
  return toasts.filter((t) => t.visible).slice(limit);
}

/**
 * The toast area's distance from the top: below the sticky header, whose Login and Logout buttons sit at the top
 * right too. A toast there covered them, and hovering a toast pauses it, so a pointer on the button kept the toast
 * (and the button covered) for good. Follows the header's height (it wraps on narrow screens and grows with zoom).
 */
function useHeaderOffset(): string {
  const [offset, setOffset] = useState('5rem');
  useEffect(() => {
    const header = document.querySelector('.shell-header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const update = () => setOffset(`calc(${Math.ceil(header.getBoundingClientRect().height)}px + 0.5rem)`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return offset;
}

export function AppToaster({ limit = TOAST_LIMIT }: { limit?: number }) {
  const { toasts } = useToasterStore();
  const top = useHeaderOffset();

  useEffect(() => {
    for (const extra of toastsOverLimit(toasts, limit)) toast.dismiss(extra.id);
  }, [toasts, limit]);

  return (
    <Toaster
      position="top-right"
      containerStyle={{ top }}
      toastOptions={{
        duration: 4000,
        error: { duration: 4000 },
        success: { duration: 2000 },
        loading: { duration: Infinity },
        style: { fontSize: '1rem', maxWidth: '26rem' },
      }}
    />
  );
}
