import { useId, type Ref } from 'react';
import type { HealthServiceEntry } from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { VisuallyHidden } from '@healthlink/web-ui';
import { formatDate } from '../../../components/date/format-date';
import { cutTitle } from '../lib/health-history-texts';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The card's title: the claim's diagnoses in words (their codes when they have no words), else its type. */
export function claimTitle(claim: HealthServiceEntry): string {
  const diagnoses = claim.diagnoses.map((diagnosis) => diagnosis.diagnosis_display || diagnosis.diagnosis_code).filter(Boolean);
  if (diagnoses.length) return diagnoses.join(', ');
  return claim.type ? `${capitalized(claim.type)} claim` : 'Claim';
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className="claim__chevron" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function Fact({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="claim__fact">
      <dt>{term}</dt>
      <dd>{value || 'Not given'}</dd>
    </div>
  );
}

export interface ClaimItemProps {
  claim: HealthServiceEntry;
  /** 3 under a dashboard card's h2, 2 under a list page's h1; the claim's sections one below. */
  headingLevel: 2 | 3;
  expanded: boolean;
  onToggle: () => void;
  /** The disclosure button: Load more and a link to this claim (serviceID) move focus to it. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * One claim (part 2 §3, §4): a disclosure whose button reads its title, date, type and payment, and opens its
 * diagnoses and procedures (code and plain name). The title is cut at 50 characters on screen; screen readers get
 * it whole, and the tooltip shows it.
 */
export function ClaimItem({ claim, headingLevel, expanded, onToggle, buttonRef }: ClaimItemProps) {
  const panelId = useId();
  const Heading = `h${headingLevel}` as const;
  const SectionHeading = `h${headingLevel + 1}` as 'h3' | 'h4';
  const title = claimTitle(claim);
  const type = claim.type ? capitalized(claim.type) : null;
  return (
    <article className="claim" data-expanded={expanded || undefined}>
      <Heading className="claim__heading">
        <button ref={buttonRef} type="button" className="claim__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
          <span className="claim__summary">
            <span className="claim__title" title={title} aria-hidden="true">
              {cutTitle(title)}
            </span>
            <VisuallyHidden>{title},</VisuallyHidden>
            <span className="claim__meta">
              {formatDate(claim.date)}
              {type && (
                <>
                  <VisuallyHidden>,</VisuallyHidden>
                  <span aria-hidden="true"> · </span>
                  {type}
                </>
              )}
              <VisuallyHidden>,</VisuallyHidden>
            </span>
            <span className="claim__payment">Payment {formatMoney(claim.payment_amount)}</span>
          </span>
          <Chevron open={expanded} />
        </button>
      </Heading>
      <div id={panelId} className="claim__panel" hidden={!expanded}>
        <dl className="claim__facts">
          <Fact term="Date" value={formatDate(claim.date)} />
          <Fact term="Type" value={type} />
          <Fact term="Status" value={claim.status && capitalized(claim.status)} />
          <Fact term="Outcome" value={claim.outcome && capitalized(claim.outcome)} />
          <Fact term="Provider" value={claim.rendering_provider} />
          <Fact term="Payment" value={formatMoney(claim.payment_amount)} />
        </dl>
        <SectionHeading className="claim__section">Diagnoses</SectionHeading>
        {claim.diagnoses.length ? (
          <ul className="claim__codes">
            {claim.diagnoses.map((diagnosis) => (
              <li key={diagnosis.id}>
                <span className="claim__code">{diagnosis.diagnosis_code}</span>
                <span>{diagnosis.diagnosis_display || 'No description given'}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No diagnoses on this claim.</p>
        )}
        <SectionHeading className="claim__section">Procedures</SectionHeading>
        {claim.procedures.length ? (
          <ul className="claim__codes">
            {claim.procedures.map((procedure) => (
              <li key={procedure.id}>
                <span className="claim__code">{procedure.procedure_code}</span>
                <span>
                  {procedure.procedure_display || 'No description given'}
                  {procedure.procedure_date && <span className="claim__code-date"> on {formatDate(procedure.procedure_date)}</span>}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No procedures on this claim.</p>
        )}
      </div>
    </article>
  );
}
