import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import type { ClinicalTrial, TrialNearestSite } from '@healthlink/contracts';
import { VisuallyHidden } from '@healthlink/web-ui';
import { ClinicalTrialsTexts } from '../lib/clinical-trials-texts';
import { detailOf, trialDetailHref } from '../lib/trial-detail-link';
import { formatMiles } from '../lib/trial-words';
import { TrialStatusBadge } from './TrialStatusBadge';
import { WhyThisTrial } from './WhyThisTrial';

/** A card lists this many conditions; the detail page has them all. */
export const CARD_CONDITIONS = 5;

function conditionsLine(conditions: readonly string[]): string {
  if (!conditions.length) return ClinicalTrialsTexts.notGiven;
  const shown = conditions.slice(0, CARD_CONDITIONS).join(', ');
  const more = conditions.length - CARD_CONDITIONS;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** "Boston, MA" from the nearest site's city and state, whichever are known. */
export function placeOf(site: TrialNearestSite): string | null {
  const place = [site.city, site.state].filter(Boolean).join(', ');
  return place || null;
}

export interface TrialCardProps {
  trial: ClinicalTrial;
  /** 3 under a dashboard card's h2, 2 under a list page's h1. */
  headingLevel: 2 | 3;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * One matched trial (part 2 §3): its title, status (word and colour), organization, conditions, the nearest site's
 * distance and city, why it matched, and the way to its detail page with every parameter the spec lists. Facts sit
 * in a grid that stacks at 360px and 200% zoom. The heading takes focus when Load more brings the card in.
 */
export function TrialCard({ trial, headingLevel, headingRef }: TrialCardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const place = placeOf(trial.nearestSite);
  return (
    <article className="trial-card" aria-labelledby={headingId}>
      <div className="trial-card__header">
        <Heading id={headingId} ref={headingRef} tabIndex={-1} className="trial-card__title">
          {trial.briefTitle}
        </Heading>
        <TrialStatusBadge status={trial.overallStatus} />
      </div>
      <dl className="trial-card__facts">
        <div className="trial-card__fact">
          <dt>Organization</dt>
          <dd>{trial.organization ?? ClinicalTrialsTexts.notGiven}</dd>
        </div>
        <div className="trial-card__fact">
          <dt>Conditions</dt>
          <dd>{conditionsLine(trial.conditions)}</dd>
        </div>
        <div className="trial-card__fact">
          <dt>Nearest site</dt>
          <dd>
            {formatMiles(trial.distanceMiles)} away{place && `, ${place}`}
            {trial.nearestSite.facility && <span className="trial-card__facility">{trial.nearestSite.facility}</span>}
          </dd>
        </div>
      </dl>
      <WhyThisTrial title={trial.briefTitle} matchReasons={trial.matchReasons} checkedEligibility={trial.checkedEligibility} />
      <p className="trial-card__more">
        <Link to={trialDetailHref(detailOf(trial))}>
          View details<VisuallyHidden> of {trial.briefTitle}</VisuallyHidden>
        </Link>
        <span className="trial-card__nct"> {trial.nctId}</span>
      </p>
    </article>
  );
}
