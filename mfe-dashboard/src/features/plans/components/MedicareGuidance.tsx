import { useId, useState } from 'react';
import { initialEnrollmentPeriod, MEDICARE_GUIDANCE } from '@healthlink/contracts';
import { formatDate } from '../../../components/date/format-date';
import { PlanTexts } from '../lib/plan-texts';

/**
 * The Medicare enrollment guidance (part 1 §9, part 2 §4, §9): the enrollment periods in plain words, collapsed until
 * asked for; with the member's birth date, their own initial enrollment window.
 */
export function MedicareGuidance({ birthDate }: { birthDate: string | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const initial = birthDate ? initialEnrollmentPeriod(birthDate) : null;
  return (
    <section className="plan-section plan-guidance" aria-labelledby={`${panelId}-heading`}>
      <h2 id={`${panelId}-heading`}>
        <button type="button" className="plan-guidance__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {PlanTexts.guidanceTitle}
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="plan-guidance__chevron">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {initial && <p className="plan-guidance__yours">{PlanTexts.yourInitialWindow(formatDate(initial.from), formatDate(initial.to))}</p>}
        <dl className="plan-guidance__periods">
          {MEDICARE_GUIDANCE.map((period) => (
            <div key={period.name}>
              <dt>{period.name}</dt>
              <dd>{period.text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
