import type { HealthServiceEntry } from '@healthlink/contracts';
import { Button, Spinner, TextField } from '@healthlink/web-ui';
import { AiTestTexts } from '../lib/ai-test-texts';
import { CODE_LIST_MAX_LENGTH } from '../lib/limits';
import { VISIT_FIELD_LABELS, VISIT_FIELDS, type VisitField, type VisitRow } from '../lib/visits';

export interface ClaimCardsProps {
  visits: readonly VisitRow[];
  /** The claims behind the rows (by id), for the card's summary line; hand-added rows have none. */
  claims: ReadonlyMap<string, HealthServiceEntry>;
  status: 'pending' | 'error' | 'success';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onChange: (id: string, field: VisitField, value: string) => void;
  onRemove: (id: string) => void;
  onAdd: () => void;
}

const WIDE_FIELDS: ReadonlySet<VisitField> = new Set(['provider', 'procedureCode', 'diagnosisCode']);

function claimSummary(claim: HealthServiceEntry | undefined): string | null {
  if (!claim) return null;
  return [claim.type, claim.status, claim.outcome, claim.insurer].filter(Boolean).join(' · ') || null;
}

/**
 * The EOB claim card list (part 2 §2, §3): the staff member's own claims, each card an editable visit row (date,
 * provider, procedureCode, diagnosisCode, insurerPaid, patientPaid, totalPay); rows can be removed or added by hand.
 */
export function ClaimCards({
  visits,
  claims,
  status,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
  onChange,
  onRemove,
  onAdd,
}: ClaimCardsProps) {
  return (
    <section className="ai-test__section" aria-labelledby="ai-test-claims">
      <h2 id="ai-test-claims">{AiTestTexts.claimsTitle}</h2>
      <p>{AiTestTexts.claimsIntro}</p>
      {status === 'pending' && (
        <p className="debug-status" role="status">
          <Spinner label="Loading claims" />
        </p>
      )}
      {status === 'error' && (
        <div role="alert" className="ai-test__failure">
          <p>{AiTestTexts.claimsFailed}</p>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {status === 'success' && visits.length === 0 && <p>{AiTestTexts.noClaims}</p>}
      {visits.length > 0 && (
        <ol className="ai-test__visits" aria-label="Visit rows">
          {visits.map((visit, index) => {
            const summary = claimSummary(claims.get(visit.id));
            return (
              <li key={visit.id}>
                <fieldset className="ai-test__visit">
                  <legend>
                    Visit {index + 1}
                    {visit.date ? `: ${visit.date}` : ''}
                  </legend>
                  {summary && <p className="ai-test__visit-summary">{summary}</p>}
                  <div className="ai-test__visit-fields">
                    {VISIT_FIELDS.map((field) => (
                      <TextField
                        key={field}
                        className={WIDE_FIELDS.has(field) ? 'ai-test__wide' : undefined}
                        label={`${VISIT_FIELD_LABELS[field]} (visit ${index + 1})`}
                        value={visit[field]}
                        maxLength={CODE_LIST_MAX_LENGTH}
                        inputMode={field === 'insurerPaid' || field === 'patientPaid' || field === 'totalPay' ? 'decimal' : undefined}
                        onChange={(event) => onChange(visit.id, field, event.target.value)}
                      />
                    ))}
                  </div>
                  <Button variant="ghost" onClick={() => onRemove(visit.id)}>
                    {AiTestTexts.removeVisit(index)}
                  </Button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="debug-actions">
        {hasMore && (
          <Button variant="secondary" aria-disabled={loadingMore || undefined} onClick={() => !loadingMore && onLoadMore()}>
            {loadingMore ? 'Loading…' : AiTestTexts.loadMoreClaims}
          </Button>
        )}
        <Button variant="secondary" onClick={onAdd}>
          {AiTestTexts.addVisit}
        </Button>
      </div>
    </section>
  );
}
