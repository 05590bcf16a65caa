import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { INPUT_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@healthlink/contracts';
import { Field } from './Field';
import { VisuallyHidden } from './VisuallyHidden';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: string;
  /** Shown under the field, linked to it, and marks it invalid. */
  error?: string;
  /** Marks the field invalid when its message is shown elsewhere (a form's error line, linked with aria-describedby). */
  invalid?: boolean;
  hint?: ReactNode;
  /** Password fields only: a Show/Hide button next to the input. */
  revealable?: boolean;
}

/** A labelled input (spec part 1 §5: maxLength 100 unless told; the reveal toggle only for passwords). */
export function TextField({
  label,
  error,
  invalid,
  hint,
  revealable = true,
  id,
  type = 'text',
  maxLength = INPUT_MAX_LENGTH,
  className,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const canReveal = type === 'password' && revealable;

  return (
    <Field label={label} error={error} invalid={invalid} hint={hint} id={id} kind="input" className={className} describedBy={describedBy}>
      {(control) => (
        <div className="hl-field__control">
          <input {...input} {...control} type={canReveal && revealed ? 'text' : type} maxLength={maxLength} className="hl-field__input" />
          {canReveal && (
            <button type="button" className="hl-field__reveal" aria-controls={control.id} onClick={() => setRevealed((shown) => !shown)}>
              {revealed ? 'Hide' : 'Show'}
              <VisuallyHidden> {label.toLowerCase()}</VisuallyHidden>
            </button>
          )}
        </div>
      )}
    </Field>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password TextField with its Show/Hide toggle; long passphrases fit (the server's bound). */
export function PasswordField({ maxLength = PASSWORD_MAX_LENGTH, ...props }: PasswordFieldProps) {
  return <TextField {...props} type="password" maxLength={maxLength} />;
}
