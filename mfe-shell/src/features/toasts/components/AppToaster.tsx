import { useEffect } from 'react';
import { toast, Toaster, useToasterStore, type Toast } from 'react-hot-toast';

/** Spec part 1 §9: at most 20 toasts at once. */
export const TOAST_LIMIT = 20;

/** The visible toasts beyond the limit, oldest first out (the store lists newest first). */
export function toastsOverLimit(toasts: readonly Toast[], limit: number = TOAST_LIMIT): Toast[] {
  return toasts.filter((t) => t.visible).slice(limit);
}

export function AppToaster({ limit = TOAST_LIMIT }: { limit?: number }) {
  const { toasts } = useToasterStore();

  useEffect(() => {
    for (const extra of toastsOverLimit(toasts, limit)) toast.dismiss(extra.id);
  }, [toasts, limit]);

  return (
    <Toaster
      position="top-right"
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
