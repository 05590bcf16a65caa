import { useId } from 'react';
import type { DrugMatch } from '@healthlink/contracts';
import { VisuallyHidden } from '@healthlink/web-ui';
import { DrugTexts } from '../lib/drug-texts';
import { useRevealOnMount } from '../lib/useRevealOnMount';
import '../drugs.css';

/** A match's name as its card heading: the proprietary name when there is one. */
export const matchTitle = (match: DrugMatch): string => match.proprietaryName || match.drugName;

export interface DrugMatchListProps {
  matches: DrugMatch[];
  /** The visible word on each card's button, e.g. "Choose" or "See prices". */
  chooseLabel: string;
  onChoose: (match: DrugMatch) => void;
  /** The match being acted on (its button reads busyLabel and all are disabled meanwhile). */
  busy?: DrugMatch | null;
  busyLabel?: string;
}

function Fact({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="drug-card__fact">
      <dt>{term}</dt>
      <dd>{value || DrugTexts.notAvailable}</dd>
    </div>
  );
}

/**
 * A name search's matches (part 1 §2): one card each with proprietary name, strength, unit, dosage form,
 * non-proprietary name and NDC (N/A when none), scrolled into view with focus on the list's heading.
 */
export function DrugMatchList({ matches, chooseLabel, onChoose, busy = null, busyLabel = 'Saving...' }: DrugMatchListProps) {
  const headingRef = useRevealOnMount<HTMLHeadingElement>();
  const headingId = useId();
  return (
    <section className="drug-matches" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="drug-matches__title">
        {DrugTexts.matchesTitle(matches.length)}
      </h2>
      <p>{DrugTexts.matchesLead}</p>
      <ul className="drug-matches__list">
        {matches.map((match, index) => {
          const title = matchTitle(match);
          const isBusy = busy === match;
          return (
            <li key={`${match.ndc ?? match.rxcui ?? 'none'}-${index}`}>
              <article className="drug-card" aria-labelledby={`${headingId}-${index}`}>
                <h3 id={`${headingId}-${index}`} className="drug-card__title">
                  {title}
                </h3>
                <dl className="drug-card__facts">
                  <Fact term="Proprietary name" value={match.proprietaryName} />
                  <Fact term="Strength" value={match.strength} />
                  <Fact term="Unit" value={match.unit} />
                  <Fact term="Dosage form" value={match.dosageForm} />
                  <Fact term="Non-proprietary name" value={match.nonProprietaryName} />
                  <Fact term="NDC" value={match.ndc} />
                </dl>
                <button type="button" className="hl-button hl-button--primary" disabled={busy !== null} onClick={() => onChoose(match)}>
                  {isBusy ? busyLabel : chooseLabel}
                  <VisuallyHidden>
                    {' '}
                    {title}
                    {match.strength ? ` ${match.strength}` : ''}
                    {match.ndc ? `, NDC ${match.ndc}` : ''}
                  </VisuallyHidden>
                </button>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
