import { useId } from 'react';
import { TRIAL_RADIUS_CHOICES_MILES } from '@healthlink/contracts';

export interface RadiusSelectProps {
  /** Whole miles in force (the URL's ?radius=). */
  value: number;
  onChange: (radiusMiles: number) => void;
}

/**
 * The distance the search reaches from the member's ZIP code (issue 16: shown and changeable, 100 miles unless
 * changed). Choosing another searches again at once; a distance a link carried that is not one of the choices is
 * offered too, so the control always shows the distance in force.
 */
export function RadiusSelect({ value, onChange }: RadiusSelectProps) {
  const id = useId();
  const hintId = useId();
  const choices: number[] = [...TRIAL_RADIUS_CHOICES_MILES];
  if (!choices.includes(value)) choices.push(value);
  choices.sort((a, b) => a - b);
  return (
    <div className="trials-radius">
      <label htmlFor={id}>Distance from your ZIP code</label>
      <select id={id} aria-describedby={hintId} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map((miles) => (
          <option key={miles} value={miles}>
            Within {miles} miles
          </option>
        ))}
      </select>
      <p id={hintId} className="trials-radius__hint">
        The list updates when you choose another distance.
      </p>
    </div>
  );
}
