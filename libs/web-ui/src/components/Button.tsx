import type { ButtonHTMLAttributes } from 'react';

/** danger: for an irreversible action (deleting the account). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Class names of a button, for links that must look like one (e.g. a router Link to /register). */
export function buttonClassName(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['hl-button', `hl-button--${variant}`, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...rest} />;
}
