import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface PendingActionsProps {
  pending: boolean;
  /** What the spinner says to screen readers, e.g. "Signing in". */
  label: string;
  /** The buttons the spinner replaces while a request is in flight. */
  children: ReactNode;
}

/**
 * A form's buttons, replaced by a spinner while a request is in flight (spec part 1 §2). Keyboard
 * focus is not lost when the focused button disappears: it waits on this area and returns to the
 * first button afterwards.
 */
export function PendingActions({ pending, label, children }: PendingActionsProps) {
  const areaRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const active = document.activeElement;
    if (pending && (active === null || active === document.body)) area.focus();
    if (!pending && active === area) area.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [pending]);

  return (
    <div ref={areaRef} className="hl-actions" tabIndex={-1}>
      {pending ? (
        <span role="status" className="hl-actions__pending">
          <Spinner label={label} />
        </span>
      ) : (
        children
      )}
    </div>
  );
}
