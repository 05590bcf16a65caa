import type { PlanEstimate, PlanEstimateLine } from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { Button, VisuallyHidden } from '@healthlink/web-ui';
import { formatDate } from '../../../components/date/format-date';
import { usePlanEstimate } from '../api/get-plan-details';
import { PlanTexts } from '../lib/plan-texts';

/** One line of the arithmetic, its fields labelled (a card, so it fits a phone screen). */
function Line({ line, unit }: { line: PlanEstimateLine; unit: 'claims' | 'fills' }) {
  return (
    <li className="plan-line">
      <p className="plan-line__label">{line.label}</p>
      <dl className="plan-line__facts">
        <div>
          <dt>The plan’s terms</dt>
          <dd>{line.planText ?? 'Not published in our data'}</dd>
        </div>
        <div>
          <dt>How we applied them</dt>
          <dd>{line.calculation}</dd>
        </div>
        <div>
          <dt>{unit === 'claims' ? 'Claims' : 'Fills'}</dt>
          <dd>{line.count}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(line.amount)}</dd>
        </div>
      </dl>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The whole arithmetic of one plan, every number traceable to its inputs. */
export function EstimateBody({ estimate }: { estimate: PlanEstimate }) {
  const { premiums, medical, pharmacy } = estimate;
  return (
    <>
      <h3>Premiums</h3>
      <dl className="plan-facts-list">
        <Fact term="Monthly premium">{formatMoney(premiums.total)}</Fact>
        <Fact term="Medical part (a month)">{formatMoney(premiums.medical)}</Fact>
        <Fact term="Drug part (a month)">{formatMoney(premiums.pharmacy)}</Fact>
        <Fact term="Part B premium reduction (a month)">{formatMoney(premiums.partBReduction)}</Fact>
        <Fact term="Premiums for the year">{formatMoney(premiums.yearly)}</Fact>
      </dl>

      <h3>Medical care</h3>
      {medical.lines.length ? (
        <ul className="plan-lines">
          {medical.lines.map((line, index) => (
            <Line key={`${line.label}-${index}`} line={line} unit="claims" />
          ))}
        </ul>
      ) : (
        <p>No medical claims in the 12 months used.</p>
      )}
      <dl className="plan-facts-list">
        <Fact term="Medical cost-sharing before the cap">{formatMoney(medical.subtotal)}</Fact>
        <Fact term="In-network maximum out-of-pocket">
          {medical.moop === null ? 'None (Original Medicare has no cap)' : formatMoney(medical.moop)}
        </Fact>
        <Fact term="Medical costs">
          {medical.capped ? `${formatMoney(medical.total)} (capped at the maximum out-of-pocket)` : formatMoney(medical.total)}
        </Fact>
      </dl>

      <h3>Prescriptions</h3>
      {pharmacy.lines.length ? (
        <ul className="plan-lines">
          {pharmacy.lines.map((line, index) => (
            <Line key={`${line.label}-${index}`} line={line} unit="fills" />
          ))}
        </ul>
      ) : (
        <p>No prescriptions in the 12 months used.</p>
      )}
      {pharmacy.tiersEstimated && (
        <p className="plan-note">
          Our data has no formulary for this plan: each drug’s tier is estimated from whether it is generic or brand, and its price.
        </p>
      )}
      <dl className="plan-facts-list">
        <Fact term="Drug deductible">{formatMoney(pharmacy.deductible)}</Fact>
        <Fact term="Drug costs">{formatMoney(pharmacy.total)}</Fact>
      </dl>

      <h3>Total</h3>
      <dl className="plan-facts-list">
        <Fact term="Medical Savings Account deposit (subtracted)">{formatMoney(estimate.msaDeposit)}</Fact>
        <Fact term="Estimated yearly cost">{formatMoney(estimate.total)}</Fact>
        <Fact term="Supplemental benefits value (not subtracted)">{formatMoney(estimate.supplementalValue)}</Fact>
      </dl>
      {estimate.supplementalItems.length > 0 && (
        <>
          <p>Extra benefits listed beside the total, never taken off it:</p>
          <ul>
            {estimate.supplementalItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}

      {estimate.caveats.length > 0 && (
        <>
          <h3>What this estimate cannot know</h3>
          <ul>
            {estimate.caveats.map((caveat) => (
              <li key={caveat}>{caveat}</li>
            ))}
          </ul>
        </>
      )}
      <p className="plan-as-of">{PlanTexts.planDataAsOf(formatDate(estimate.dataAsOf))}</p>
      {estimate.sourceUrl && (
        <p>
          <a href={estimate.sourceUrl} target="_blank" rel="noopener noreferrer">
            See this plan on Medicare.gov<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        </p>
      )}
    </>
  );
}

/** "How we estimated this": GET estimate for the plan, in its own section with its own failure and retry. */
export function EstimatePanel({ bidId }: { bidId: string }) {
  const estimate = usePlanEstimate(bidId);
  return (
    <section className="plan-section" aria-labelledby="plan-estimate-heading">
      <h2 id="plan-estimate-heading">{PlanTexts.estimateTitle}</h2>
      {estimate.data ? (
        <EstimateBody estimate={estimate.data} />
      ) : estimate.isError ? (
        <div role="alert">
          <p>{PlanTexts.estimateFailed}</p>
          <Button variant="secondary" onClick={() => void estimate.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <p role="status">{PlanTexts.estimateLoading}</p>
      )}
    </section>
  );
}
