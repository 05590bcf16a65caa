import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn } from '../lib/focusable';
import { VisuallyHidden } from './VisuallyHidden';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading and its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Escape closes the dialog unless this is false. */
  closeOnEscape?: boolean;
  /** A "Close" icon button beside the title; turn it off when the content brings its own. */
  showCloseButton?: boolean;
  className?: string;
}

/** The icon button that closes a modal; its accessible name is "Close" unless told otherwise. */
export function ModalCloseButton({ onClick, label = 'Close' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="hl-modal__close" onClick={onClick}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <VisuallyHidden>{label}</VisuallyHidden>
    </button>
  );
}

function ModalDialog({ onClose, title, children, closeOnEscape = true, showCloseButton = true, className }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read while rendering: children that focus themselves on mount would otherwise be seen first.
  const [returnFocusTo] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const focusInside = () => (focusableIn(dialog)[0] ?? dialog).focus();
    // A form dialog starts at its first field (not at its close button); otherwise at the first control.
    if (!dialog.contains(document.activeElement)) {
      const items = focusableIn(dialog);
      (items.find((el) => el.matches('input, select, textarea')) ?? items[0] ?? dialog).focus();
    }

    // Spec part 1 §4: the page behind does not scroll while a modal is open.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) focusInside();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [returnFocusTo]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && closeOnEscape) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusableIn(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // Deliberately no click handler on the backdrop: a stray click must not lose what was typed.
    <div className="hl-modal-backdrop">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['hl-modal', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        <div className="hl-modal__header">
          <h2 id={titleId} className="hl-modal__title">
            {title}
          </h2>
          {showCloseButton && <ModalCloseButton onClick={onClose} />}
        </div>
        <div className="hl-modal__body">{children}</div>
      </div>
    </div>
  );
}

/**
 * An accessible modal dialog: labelled by its title, focus moved in, kept in and given back on
 * close, page scroll blocked, Escape closes (unless turned off). Full width up to 640px.
 */
export function Modal({ open, ...props }: ModalProps) {
  if (!open) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}
