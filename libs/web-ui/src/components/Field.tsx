import { useId, type ReactNode } from 'react';

/** What a field's control takes from its wrapper: its id and the invalid/description wiring. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Shown under the field, linked to it, and marks it invalid. */
  error?: string;
  /** Marks the field invalid when its message is shown elsewhere (a form's error line). */
  invalid?: boolean;
  hint?: ReactNode;
  /** The control's id; generated (ending in `kind`) when not given. */
  id?: string;
  kind: string;
  className?: string;
  /** Ids of descriptions outside the field, read first. */
  describedBy?: string;
  /** Suffixes (`<id>-<suffix>`) of descriptions the control renders itself, read between hint and error. */
  notes?: string[];
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame of a form field: label, hint, the control, error, and the ids that link them. */
export function Field({ label, error, invalid, hint, id, kind, className, describedBy, notes = [], children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `${autoId}${kind}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const noteIds = notes.map((note) => `${controlId}-${note}`);
  const describedByIds = [describedBy, hintId, ...noteIds, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['hl-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="hl-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="hl-field__hint">
          {hint}
        </p>
      )}
      {children({ id: controlId, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedByIds })}
      {error && (
        <p id={errorId} className="hl-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
