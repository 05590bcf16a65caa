import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './Field';

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
  const left = maxLength - value.length;

  return (
    <Field
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      id={id}
      kind="textarea"
      className={className}
      describedBy={describedBy}
      notes={['count']}
    >
      {(control) => (
        <>
          <textarea
            {...textarea}
            {...control}
            rows={rows}
            value={value}
            maxLength={maxLength}
            className="hl-field__input hl-field__textarea"
          />
          <p id={`${control.id}-count`} className={['hl-field__count', left === 0 ? 'hl-field__count--full' : ''].join(' ').trim()}>
            {value.length} of {maxLength} characters
          </p>
          {/* Announced only when it matters: a running count on every key press would drown the reader. */}
          <p className="hl-visually-hidden" aria-live="polite">
            {left === 0 ? `You have reached the ${maxLength} character limit.` : ''}
          </p>
        </>
      )}
    </Field>
  );
}
