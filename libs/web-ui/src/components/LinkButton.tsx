import type { ButtonHTMLAttributes } from 'react';

/** A button that reads as a link (an action in running text), still a button for assistive tech. */
export function LinkButton({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={['hl-link-button', className].filter(Boolean).join(' ')} {...rest} />;
}
