import { ClientErrorType } from '@healthlink/web-runtime';
import type { CurrentPlanCost, CurrentPlanEntry } from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { formatDate } from '../../../components/date/format-date';
import { WidgetCard } from '../../../components/widget/WidgetCard';
import { WidgetState } from '../../../components/widget/WidgetState';
import { useWidgetLoad } from '../../../components/widget/widget-status';
import type { FetchStatus } from '../../../components/widget/widget-types';
import { CURRENT_PLAN_PATH, useCurrentPlan } from '../api/get-current-plan';

export const CURRENT_PLAN_FAILED = 'Something went wrong with fetching your current plan. Please try again later.';

/** Part 2 §9: the plan's cost is shown with 2 decimals ("$0.00" included). */
export function formatCost(amount: string): string {
  const shown = formatMoney(amount);
  return shown === '$0' ? '$0.00' : shown;
}

function PlanCost({ cost }: { cost: CurrentPlanCost | null }) {
  if (!cost) return <p className="dash-plan__note">Your costs for this plan will show here once your claims are in.</p>;
  return (
    <div className="dash-plan__cost">
      <h3 className="dash-plan__cost-title">
        Your costs from {formatDate(cost.from)} to {formatDate(cost.to)}
      </h3>
      <dl className="dash-plan__figures">
        <div>
          <dt>Medical</dt>
          <dd>{formatCost(cost.medical)}</dd>
        </div>
        <div>
          <dt>Rx</dt>
          <dd>+ {formatCost(cost.rx)}</dd>
        </div>
        <div className="dash-plan__total">
          <dt>Total</dt>
          <dd>= {formatCost(cost.total)}</dd>
        </div>
      </dl>
      <p className="dash-plan__note">Medical is what your claims paid; Rx is what you paid for prescriptions. Premiums are not included.</p>
    </div>
  );
}

function PlanDetails({ plan, cost }: { plan: CurrentPlanEntry; cost: CurrentPlanCost | null }) {
  return (
    <>
      <dl className="dash-plan__details">
        <div>
          <dt>Plan</dt>
          <dd>{plan.marketing_name ?? 'Not given by your insurer'}</dd>
        </div>
        <div>
          <dt>Plan year</dt>
          <dd>{plan.plan_year ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Plan name</dt>
          <dd>{plan.plan_name ?? 'Not given'}</dd>
        </div>
      </dl>
      <PlanCost cost={cost} />
    </>
  );
}

/** The current plan (part 2 §3, §9): the first coverage's names and year, and its cost: medical + Rx = total. */
export function CurrentPlanCard({ onStatus }: { onStatus?: (status: FetchStatus) => void }) {
  const query = useCurrentPlan();
  const state = useWidgetLoad(query, {
    isEmpty: (data) => data.userCurrentPlan.length === 0,
    onStatus,
    report: {
      types: { error: ClientErrorType.CurrentPlanFetchError, exception: ClientErrorType.CurrentPlanFetchException },
      endpoint: CURRENT_PLAN_PATH,
    },
  });
  return (
    <WidgetCard id="current-plan" title="Your Current Plan">
      <WidgetState state={state} title="Current Plan" failedMessage={CURRENT_PLAN_FAILED} skeletonRows={2}>
        {() => {
          const plan = query.data?.userCurrentPlan[0];
          return plan ? <PlanDetails plan={plan} cost={query.data?.currentPlanCost ?? null} /> : null;
        }}
      </WidgetState>
    </WidgetCard>
  );
}
