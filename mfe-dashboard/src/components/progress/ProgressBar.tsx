import { useId } from 'react';
import './progress-bar.css';

/**
 * A real progress bar (role, value 0-100, labelled) and, under it, a polite live region saying what is happening: the
 * insurer callback's data gathering and the plan ranking.
 */
export function ProgressBar({ value, message, label }: { value: number; message: string; label: string }) {
  const labelId = useId();
  return (
    <div className="progress-bar">
      <p id={labelId} className="progress-bar__label">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%, ${message}`}
        className="progress-bar__track"
      >
        <div className="progress-bar__fill" style={{ width: `${value}%` }} />
      </div>
      <p className="progress-bar__row">
        <span role="status" className="progress-bar__message">
          {message}
        </span>
        <span className="progress-bar__value" aria-hidden="true">
          {value}%
        </span>
      </p>
    </div>
  );
}
