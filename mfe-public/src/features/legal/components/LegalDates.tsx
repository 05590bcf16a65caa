export interface LegalDatesProps {
  /** ISO dates, e.g. 2024-02-29. */
  updated: string;
  effective: string;
}

const format = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The dates of a legal text, readable and machine-readable. */
export function LegalDates({ updated, effective }: LegalDatesProps) {
  return (
    <dl className="legal-dates">
      <div>
        <dt>Last updated</dt>
        <dd>
          <time dateTime={updated}>{format(updated)}</time>
        </dd>
      </div>
      <div>
        <dt>Effective</dt>
        <dd>
          <time dateTime={effective}>{format(effective)}</time>
        </dd>
      </div>
    </dl>
  );
}
