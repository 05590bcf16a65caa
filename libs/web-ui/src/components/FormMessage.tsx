import type { ReactNode } from 'react';

export interface FormMessageProps {
  id?: string;
  /** error: announced at once (role=alert); success and info: announced politely (role=status). */
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
}

/**
 * A form's one-line outcome. It stays in the page while empty so screen readers already know the
 * live region when a message arrives.
 */
export function FormMessage({ id, tone = 'error', children }: FormMessageProps) {
  return (
    <p id={id} role={tone === 'error' ? 'alert' : 'status'} className={`hl-form-message hl-form-message--${tone}`}>
      {children}
    </p>
  );
}
