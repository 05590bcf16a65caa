import { formatDate } from '../../../components/date/format-date';
import { usePlanBenefits } from '../api/get-plan-details';
import { PlanTexts } from '../lib/plan-texts';

const FLAG_WORDS: Record<string, string> = {
  limits_apply: 'limits apply',
  prior_auth: 'prior authorization needed',
  referral: 'referral needed',
};

/** Plan benefits (part 2 §3, §7, §8): the enhanced benefits and the rideshare text, or the spec's no-benefits text. */
export function PlanBenefits({ bidId, hNumber, planIdentifier }: { bidId: string; hNumber: string; planIdentifier: string }) {
  const benefits = usePlanBenefits(bidId, { hNumber, planIdentifier });
  const data = benefits.data;
  const enhanced = data?.enhancedBenefits?.pbp_b14c_bendesc_ehc ?? [];
  const rideshare = data?.rideshareBenefits?.pbp_b10b_bendesc_mt_pal_d?.trim() || null;
  return (
    <section className="plan-section" aria-labelledby="plan-benefits-heading">
      <h2 id="plan-benefits-heading">{PlanTexts.benefitsTitle}</h2>
      {benefits.isError ? (
        <p role="alert">{PlanTexts.benefitsFailed}</p>
      ) : !data ? (
        <p role="status">{PlanTexts.benefitsLoading}</p>
      ) : !enhanced.length && !rideshare ? (
        <p>{PlanTexts.noBenefits}</p>
      ) : (
        <>
          {enhanced.length > 0 && (
            <>
              <h3>Extra benefits</h3>
              <ul className="plan-benefits">
                {enhanced.map((item, index) => (
                  <li key={`${item.name}-${index}`}>
                    <strong>{item.name}:</strong> {item.value}
                    {item.flags.length > 0 && ` (${item.flags.map((flag) => FLAG_WORDS[flag] ?? flag).join(', ')})`}
                  </li>
                ))}
              </ul>
            </>
          )}
          {rideshare && (
            <>
              <h3>Rides to care</h3>
              <p>{rideshare}</p>
            </>
          )}
          <p className="plan-as-of">{PlanTexts.planDataAsOf(formatDate(data.dataAsOf))}</p>
        </>
      )}
    </section>
  );
}
