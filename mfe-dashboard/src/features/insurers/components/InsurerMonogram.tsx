import type { InsurerCatalogueEntry } from '@healthlink/contracts';
import { initialsOf, tileColourOf } from '../lib/catalogue';

/** The entry's logo: its initials on a coloured tile (not the insurer's trademark); named by the entry's `alt`. */
export function InsurerMonogram({ entry }: { entry: InsurerCatalogueEntry }) {
  return (
    <span role="img" aria-label={entry.alt} className="insurer-monogram" style={{ backgroundColor: tileColourOf(entry.id) }}>
      <span aria-hidden="true">{initialsOf(entry.name)}</span>
    </span>
  );
}
