import { useId } from 'react';
import type { DrugInteraction } from '@healthlink/contracts';
import { VisuallyHidden } from '@healthlink/web-ui';
import { fdaLabelSearchUrl } from '../lib/fda-label-search';
import { InteractionLevelBadge } from './InteractionLevelBadge';

function ExternalIcon() {
  return (
    <svg className="rx-interaction__external" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/** The FDA's label search for one drug, in a new tab, saying so to screen readers. */
function FdaLink({ drug }: { drug: string }) {
  return (
    <a href={fdaLabelSearchUrl(drug)} target="_blank" rel="noopener noreferrer" className="rx-interaction__link">
      Look up {drug} at the FDA
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      <ExternalIcon />
    </a>
  );
}

/** One interaction between two of the member's drugs: the pair, its level, and the FDA label search per drug. */
export function InteractionItem({ interaction, headingLevel }: { interaction: DrugInteraction; headingLevel: 2 | 3 }) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`rx-interaction rx-interaction--${interaction.level}`} aria-labelledby={headingId}>
      <Heading id={headingId} className="rx-interaction__drugs">
        {interaction.drug_a} and {interaction.drug_b}
      </Heading>
      <InteractionLevelBadge level={interaction.level} />
      <ul className="rx-interaction__links">
        <li>
          <FdaLink drug={interaction.drug_a} />
        </li>
        <li>
          <FdaLink drug={interaction.drug_b} />
        </li>
      </ul>
    </article>
  );
}
