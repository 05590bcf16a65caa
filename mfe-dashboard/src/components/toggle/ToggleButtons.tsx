import { useId } from 'react';
import '../button/compact-button.css';
import './toggle-buttons.css';

export interface ToggleOption<T extends string> {
  value: T;
  label: string;
}

export interface ToggleButtonsProps<T extends string> {
  /** The group's name, shown before the buttons unless `labelHidden` (then for screen readers only). */
  label: string;
  labelHidden?: boolean;
  options: readonly ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** One choice of a few, as toggle buttons in a named group: the chosen one pressed, filled and ticked. */
export function ToggleButtons<T extends string>({ label, labelHidden = false, options, value, onChange }: ToggleButtonsProps<T>) {
  const labelId = useId();
  return (
    <div className="toggle-buttons" role="group" aria-labelledby={labelId}>
      <span id={labelId} className={labelHidden ? 'hl-visually-hidden' : 'toggle-buttons__label'}>
        {label}
      </span>
      <div className="toggle-buttons__options">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="compact-button toggle-buttons__option"
            aria-pressed={value === option.value}
            onClick={() => value !== option.value && onChange(option.value)}
          >
            {value === option.value && (
              <svg className="toggle-buttons__check" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
