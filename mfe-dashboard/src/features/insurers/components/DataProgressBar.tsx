import { useId } from 'react';

/** A real progress bar (role, value) and, beside it, a polite live region announcing what is happening. */
export function DataProgressBar({ value, message, label }: { value: number; message: string; label: string }) {
  const labelId = useId();
  return (
    <div className="insurer-progress">
      <p id={labelId} className="insurer-progress__label">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%, ${message}`}
        className="insurer-progress__track"
      >
        <div className="insurer-progress__fill" style={{ width: `${value}%` }} />
      </div>
      <p className="insurer-progress__row">
        <span role="status" className="insurer-progress__message">
          {message}
        </span>
        <span className="insurer-progress__value" aria-hidden="true">
          {value}%
        </span>
      </p>
    </div>
  );
}
