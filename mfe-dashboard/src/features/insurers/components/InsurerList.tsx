import { useId } from 'react';
import type { InsurerCatalogueEntry } from '@healthlink/contracts';
import { InsurerMonogram } from './InsurerMonogram';

interface InsurerListProps {
  entries: InsurerCatalogueEntry[];
  linked?: boolean;
  disabled?: boolean;
  onChoose: (entry: InsurerCatalogueEntry) => void;
}

function InsurerCard({ entry, linked, disabled, onChoose }: { entry: InsurerCatalogueEntry } & Omit<InsurerListProps, 'entries'>) {
  const detailsId = useId();
  const details = [
    linked && 'Linked',
    entry.comingSoon && 'Coming soon',
    entry.sandbox && 'Test data only',
    entry.associatedInsurer && `Log in through ${entry.associatedInsurer}`,
  ].filter(Boolean) as string[];
  return (
    <li className={['insurer-card', linked && 'insurer-card--linked', entry.comingSoon && 'insurer-card--soon'].filter(Boolean).join(' ')}>
      <InsurerMonogram entry={entry} />
      <div className="insurer-card__text">
        {/* The button covers the whole card (see insurers.css), so the tile and the badges are clickable too. */}
        <button
          type="button"
          className="insurer-card__button"
          disabled={disabled}
          aria-describedby={details.length > 0 ? detailsId : undefined}
          onClick={() => onChoose(entry)}
        >
          {entry.name}
        </button>
        {details.length > 0 && (
          <span id={detailsId} className="insurer-card__details">
            {details.map((detail) => (
              <span key={detail} className="insurer-card__badge">
                {detail}
              </span>
            ))}
          </span>
        )}
      </div>
    </li>
  );
}

export function InsurerList({ entries, ...rest }: InsurerListProps) {
  return (
    <ul className="insurer-list">
      {entries.map((entry) => (
        <InsurerCard key={entry.id} entry={entry} {...rest} />
      ))}
    </ul>
  );
}
