import { useId, useState } from 'react';
import type { TrialEligibilityCheck, TrialMatchReason } from '@healthlink/contracts';
import { VisuallyHidden } from '@healthlink/web-ui';

/** One checked fact in words: what the study asks, the member's value, and the outcome. */
function CheckLine({ check }: { check: TrialEligibilityCheck }) {
  const label = <span className="trial-why__label">{check.label}:</span>;
  switch (check.outcome) {
    case 'meets':
      return (
        <>
          {label} the study asks {check.trialValue}; you: {check.memberValue}.{' '}
          <span className="trial-why__outcome trial-why__outcome--meets">Fits you</span>
        </>
      );
    case 'not-stated':
      return (
        <>
          {label} the study states no limit; you: {check.memberValue}.{' '}
          <span className="trial-why__outcome trial-why__outcome--not-stated">No limit stated</span>
        </>
      );
    case 'note':
      return (
        <>
          {label} {check.trialValue}. {check.memberValue}.{' '}
          <span className="trial-why__outcome trial-why__outcome--note">For your information</span>
        </>
      );
  }
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface WhyThisTrialProps {
  /** The trial's title, for screen readers: the button reads "Why this trial for {title}". */
  title: string;
  matchReasons: readonly TrialMatchReason[];
  checkedEligibility: readonly TrialEligibilityCheck[];
}

/**
 * "Why this trial" (issue 16): a disclosure with the diagnoses the trial matched (and the study condition each
 * matched) and the eligibility facts that were checked against the member's record, each with its outcome in words.
 */
export function WhyThisTrial({ title, matchReasons, checkedEligibility }: WhyThisTrialProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="trial-why" data-open={open || undefined}>
      <button
        type="button"
        className="trial-why__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg className="trial-why__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        Why this trial<VisuallyHidden> for {title}</VisuallyHidden>
      </button>
      <div id={panelId} className="trial-why__panel" hidden={!open}>
        <p className="trial-why__heading">It matched</p>
        {matchReasons.length ? (
          <ul className="trial-why__reasons">
            {matchReasons.map((reason) => (
              <li key={`${reason.diagnosisCode}-${reason.studyCondition}`}>
                {sentence(reason.text)}
                {reason.studyCondition && (
                  <span className="trial-why__condition">
                    {' '}
                    ({reason.strength === 'related' ? 'related to' : 'the study lists'} &ldquo;{reason.studyCondition}&rdquo;)
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>The study&apos;s conditions matched your records.</p>
        )}
        {checkedEligibility.length > 0 && (
          <>
            <p className="trial-why__heading">What we checked</p>
            <ul className="trial-why__checks">
              {checkedEligibility.map((check) => (
                <li key={check.criterion}>
                  <CheckLine check={check} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
