import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: string;
  /** Shown under the field, linked to it, and marks it invalid. */
  error?: string;
  /** Marks the field invalid when its message is shown elsewhere (a form's error line). */
  invalid?: boolean;
  hint?: ReactNode;
  /** The limit; a live "N of max characters" count is shown under the field. */
  maxLength: number;
  value: string;
}

/** A labelled multi-line field with a character count (linked to the field, so it is read on focus). */
export function TextAreaField({
  label,
  error,
  invalid,
  hint,
  id,
  maxLength,
  value,
  className,
  rows = 5,
  'aria-describedby': describedBy,
  ...textarea
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? `${autoId}textarea`;
  const countId = `${fieldId}-count`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const left = maxLength - value.length;

  return (
    <div className={['hl-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={fieldId} className="hl-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="hl-field__hint">
          {hint}
        </p>
      )}
      <textarea
        {...textarea}
        id={fieldId}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={[describedBy, hintId, countId, errorId].filter(Boolean).join(' ')}
        className="hl-field__input hl-field__textarea"
      />
      <p id={countId} className={['hl-field__count', left === 0 ? 'hl-field__count--full' : ''].join(' ').trim()}>
        {value.length} of {maxLength} characters
      </p>
      {/* Announced only when it matters: a running count on every key press would drown the reader. */}
      <p className="hl-visually-hidden" aria-live="polite">
        {left === 0 ? `You have reached the ${maxLength} character limit.` : ''}
      </p>
      {error && (
        <p id={errorId} className="hl-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
