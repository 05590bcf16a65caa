import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { monthlyOf } from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { Button, buttonClassName, Container } from '@healthlink/web-ui';
import { telHref, usePageTitle, useSiteInfo } from '@healthlink/web-runtime';
import { formatDate } from '../../../components/date/format-date';
import { useBirthDate, usePlanEstimate } from '../api/get-plan-details';
import { BrokerLeadModal } from '../components/BrokerLeadModal';
import { EstimatePanel } from '../components/EstimatePanel';
import { MedicareGuidance } from '../components/MedicareGuidance';
import { PlanBenefits } from '../components/PlanBenefits';
import { PlanSearch } from '../components/PlanSearch';
import { MEDICARE_OPTIONS_PATH, readPlanDetail, type PlanDetail } from '../lib/plan-details-link';
import { netImpactText } from '../lib/plan-rows';
import { PlanTexts } from '../lib/plan-texts';
import '../components/plans.css';

function BackLink() {
  return (
    <Link to={MEDICARE_OPTIONS_PATH} className={buttonClassName('secondary', 'plan-details__back')}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Back
    </Link>
  );
}

/** The cost breakdown (part 2 §2): each part a month and a year, from the link's numbers (the ranking's). */
function CostBreakdown({ detail, dataAsOf }: { detail: PlanDetail; dataAsOf: string | null }) {
  const { money } = detail;
  const rows: { label: string; monthly: number | null; yearly: number | null }[] = [
    { label: 'Premiums', monthly: money.monthlyPremium, yearly: money.premium },
    { label: 'Medical care', monthly: money.estMonthlyMedCost, yearly: money.estMedCost },
    { label: 'Prescriptions', monthly: money.estMonthlyPharmCost, yearly: money.estPharmCost },
  ];
  const msa = money.msaDeposit;
  const total = money.totalEstCost;
  const impact = netImpactText(money.netImpact);
  return (
    <section className="plan-section" aria-labelledby="plan-cost-heading">
      <h2 id="plan-cost-heading">{PlanTexts.costBreakdown}</h2>
      <table className="plan-table plan-cost">
        <caption className="plan-table__caption">Estimated costs of {detail.name}, a month and a year</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">A month</th>
            <th scope="col">A year</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatMoney(row.monthly)}</td>
              <td>{formatMoney(row.yearly)}</td>
            </tr>
          ))}
          {msa !== null && msa !== 0 && (
            <tr>
              <th scope="row">Medical Savings Account deposit (subtracted)</th>
              <td>{formatMoney(monthlyOf(msa))}</td>
              <td>{formatMoney(msa)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Estimated total</th>
            <td>{formatMoney(total === null ? null : monthlyOf(total))}</td>
            <td>{formatMoney(total)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="plan-facts-list">
        {money.medicalPremium !== null && (
          <div>
            <dt>Medical premium</dt>
            <dd>{formatMoney(money.medicalPremium)}</dd>
          </div>
        )}
        {money.pharmacyPremium !== null && (
          <div>
            <dt>Drug premium</dt>
            <dd>{formatMoney(money.pharmacyPremium)}</dd>
          </div>
        )}
        {money.suppValue !== null && (
          <div>
            <dt>Supplemental benefits value (not subtracted)</dt>
            <dd>{formatMoney(money.suppValue)}</dd>
          </div>
        )}
        {impact && (
          <div>
            <dt>Compared with your current plan</dt>
            <dd>{impact}</dd>
          </div>
        )}
      </dl>
      <p className="plan-as-of">
        {dataAsOf ? PlanTexts.planDataAsOf(formatDate(dataAsOf)) : 'Estimates from your latest ranking, not quotes.'}
      </p>
    </section>
  );
}

function CallPrompt() {
  const { site } = useSiteInfo();
  const phone = site?.supportPhone;
  if (!phone) return null;
  return (
    <p className="plan-call">
      {PlanTexts.callPrompt} <a href={telHref(phone)}>{phone}</a>.
    </p>
  );
}

function PlanDetailsBody({ detail }: { detail: PlanDetail }) {
  const [leadOpen, setLeadOpen] = useState(false);
  const birthDate = useBirthDate();
  // The estimate call is shared with the panel (one request): its date stands in when the link has none.
  const estimate = usePlanEstimate(detail.bidId);
  const dataAsOf = detail.dataAsOf ?? estimate.data?.dataAsOf ?? null;
  const kicker = [detail.carrier, detail.planType, detail.network].filter(Boolean).join(' · ');
  return (
    <Container className="page plan-details">
      <BackLink />
      {kicker && <p className="plan-details__kicker">{kicker}</p>}
      <h1>{detail.name}</h1>
      <div className="plan-details__actions">
        <Button onClick={() => setLeadOpen(true)}>{PlanTexts.switchPlan}</Button>
      </div>
      <CallPrompt />

      <CostBreakdown detail={detail} dataAsOf={dataAsOf} />
      <EstimatePanel bidId={detail.bidId} />
      <PlanBenefits bidId={detail.bidId} hNumber={detail.hNumber} planIdentifier={detail.planIdentifier} />
      {detail.carrier && (
        <>
          <PlanSearch kind="provider" title={PlanTexts.doctorSearchTitle} carrier={detail.carrier} bidId={detail.bidId} />
          <PlanSearch kind="drug" title={PlanTexts.drugSearchTitle} carrier={detail.carrier} bidId={detail.bidId} />
        </>
      )}
      <MedicareGuidance birthDate={birthDate.data ?? null} />

      <div className="plan-details__actions">
        <BackLink />
        <Button onClick={() => setLeadOpen(true)}>{PlanTexts.switchPlan}</Button>
      </div>
      <BrokerLeadModal open={leadOpen} onClose={() => setLeadOpen(false)} bidId={detail.bidId} planName={detail.name} />
    </Container>
  );
}

/**
 * /planDetails (part 2 §2): one plan, read from the query string (the rank row's columns, the "$" of its money
 * stripped), with its cost breakdown, how it was estimated, its benefits, the doctor and drug searches, Switch To This
 * Plan (the broker lead dialog), Back, the call prompt and the enrollment guidance. A link missing what the page
 * needs says what, and leads back to the list.
 */
export function PlanDetailsPage() {
  usePageTitle(PlanTexts.detailsTitle);
  const [params] = useSearchParams();
  const read = readPlanDetail(params);
  if (!read.ok) {
    return (
      <Container className="page plan-details">
        <h1>{PlanTexts.detailsTitle}</h1>
        <p role="alert">{PlanTexts.detailsMissing(read.missing)}</p>
        <Link to={MEDICARE_OPTIONS_PATH} className={buttonClassName('primary')}>
          {PlanTexts.backToList}
        </Link>
      </Container>
    );
  }
  return <PlanDetailsBody detail={read.detail} />;
}
