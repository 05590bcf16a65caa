import { useState } from 'react';
import {
  PLAN_RANKS_DASHBOARD_COUNT,
  PLAN_RANKS_PAGE_SIZE,
  PLAN_RANKS_PATHS,
  type PlanRanksMissingReason,
  type PlanRanksResult,
} from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { formatDate } from '../../../components/date/format-date';
import { LoadMore } from '../../../components/list/LoadMore';
import { useFocusFirstNew } from '../../../components/list/useFocusFirstNew';
import { SeeAllLink } from '../../../components/widget/SeeAllLink';
import { WidgetState } from '../../../components/widget/WidgetState';
import { loadStateOf, useReportFailure, useReportStatus } from '../../../components/widget/widget-status';
import type { FetchStatus, WidgetLoadState, WidgetProps } from '../../../components/widget/widget-types';
import { usePlanRanks, useSubmitContact, type PlanRanksOutcome } from '../api/get-plan-ranks';
import { MEDICARE_OPTIONS_PATH } from '../lib/plan-details-link';
import { rowsOf, yearlyOf } from '../lib/plan-rows';
import { PlanTexts } from '../lib/plan-texts';
import { PlanContactForm } from './PlanContactForm';
import { PlanRankList } from './PlanRankList';
import { ProgressBar } from '../../../components/progress/ProgressBar';
import { useRankProgress } from './useRankProgress';
import './plans.css';

export { MEDICARE_OPTIONS_PATH };

/** Part 2 §8: the plan-ranking failures are logged with the provider's name. */
const FAILURE_REPORT = {
  types: { error: ClientErrorType.PlanRanksFetchError, exception: ClientErrorType.PlanRanksFetchException },
  endpoint: PLAN_RANKS_PATHS.getAllPlanRanks,
  insurerName: 'planRanks',
};

const MISSING_TEXT: Record<PlanRanksMissingReason, string> = {
  'no-zip': PlanTexts.missingZip,
  'unknown-zip': PlanTexts.missingUnknownZip,
  'no-plans': PlanTexts.missingNoPlans,
};

/** Why the contact form shows: the reason in our words (the server's message only when the reason is new to us). */
function reasonOf(outcome: PlanRanksOutcome): string {
  if (outcome.status === 'failed') return PlanTexts.failed;
  if (outcome.status !== 'missing' || !outcome.missing) return PlanTexts.missingZip;
  return MISSING_TEXT[outcome.missing.reason] ?? outcome.missing.message;
}

/** The facts under the list: what the estimate rests on, and when, where, and what was left out. */
function RankFacts({ result }: { result: PlanRanksResult }) {
  const { inputs, place, excluded, currentPlan } = result;
  return (
    <div className="plan-facts">
      <p>{PlanTexts.basis(formatDate(inputs.from), formatDate(inputs.to), formatDate(result.dataAsOf))}</p>
      {result.priceAsOf && <p>{PlanTexts.priceAsOf(formatDate(result.priceAsOf))}</p>}
      <p>{PlanTexts.county(place.county, place.state)}</p>
      {place.otherCounties.length > 0 && <p>{PlanTexts.otherCounties(place.otherCounties, place.county)}</p>}
      <p>{currentPlan ? PlanTexts.currentPlan(currentPlan.name, currentPlan.yearlyCost, currentPlan.basis) : PlanTexts.noCurrentPlan}</p>
      {excluded.specialNeeds > 0 && <p>{PlanTexts.specialNeeds(excluded.specialNeeds)}</p>}
      {excluded.noCostDetails > 0 && <p>{PlanTexts.noCostDetails(excluded.noCostDetails)}</p>}
    </div>
  );
}

/** Part 2 §9 on the dashboard: the 5 lowest-cost plans and the way to all of them. */
function DashboardPlans({ result }: { result: PlanRanksResult }) {
  const rows = rowsOf(result);
  const top = rows.slice(0, PLAN_RANKS_DASHBOARD_COUNT);
  if (!top.length) return <p className="plan-note">{PlanTexts.noPlans}</p>;
  return (
    <>
      <PlanRankList rows={top} compared={top.map(yearlyOf)} dataAsOf={result.dataAsOf} headingLevel={3} />
      <RankFacts result={result} />
      <SeeAllLink to={MEDICARE_OPTIONS_PATH} title={PlanTexts.title} summary={PlanTexts.dashboardSummary(top.length, rows.length)} />
    </>
  );
}

/** Part 2 §9 on /medicareOptions: 10, and 10 more per Load more (the list is whole: paged here). */
function PagePlans({ result }: { result: PlanRanksResult }) {
  const rows = rowsOf(result);
  const [count, setCount] = useState(PLAN_RANKS_PAGE_SIZE);
  const shown = rows.slice(0, count);
  const { willLoadMore, refFor } = useFocusFirstNew(shown.length);
  // The bars compare the top 5 (part 2 §9), on the page as on the dashboard.
  const compared = rows.slice(0, PLAN_RANKS_DASHBOARD_COUNT).map(yearlyOf);
  if (!rows.length) return <p className="plan-note">{PlanTexts.noPlans}</p>;
  return (
    <>
      <PlanRankList rows={shown} compared={compared} dataAsOf={result.dataAsOf} headingLevel={2} refFor={refFor} />
      <LoadMore
        shown={shown.length}
        total={rows.length}
        noun={rows.length === 1 ? 'plan' : 'plans'}
        hasMore={shown.length < rows.length}
        loading={false}
        failed={false}
        failedMessage={PlanTexts.widgetFailed}
        onLoadMore={() => {
          willLoadMore();
          setCount((current) => current + PLAN_RANKS_PAGE_SIZE);
        }}
      />
      <RankFacts result={result} />
    </>
  );
}

/** What the dashboard's fetch tracking hears: a ranking the server says failed is a failure, as is a failed call. */
function fetchStatusOf(state: WidgetLoadState, outcome: PlanRanksOutcome | undefined): FetchStatus {
  if (state === 'loading') return 'pending';
  if (state === 'failed' || outcome?.status === 'failed') return 'failed';
  return 'success';
}

/**
 * The member's Medicare plans ranked by their own expected yearly cost (part 2 §2, §4, §9). Loading is the progress
 * bar; complete is the list (5 on the dashboard with a link to /medicareOptions, 10 and Load more on the page);
 * missing or failed rankings show the contact form, whose submit creates the contact, re-triggers the ranking and
 * fetches it again; a failed call shows the failure text and Try again. The fetch status goes to `onStatus` (the
 * dashboard's `planRanks`), each failed call once to the error log.
 */
export function MedicareOptionsWidget({ variant, onStatus }: WidgetProps) {
  const query = usePlanRanks();
  const contact = useSubmitContact();
  const loaded = loadStateOf(query, (outcome) => outcome.status !== 'complete');
  // Trying again after a failure, and the contact form's submit, show the progress again.
  const state: WidgetLoadState = contact.isPending || (loaded === 'failed' && query.isFetching) ? 'loading' : loaded;
  const progress = useRankProgress(state === 'loading', state === 'complete');
  const outcome = query.data;
  const status = fetchStatusOf(state, outcome);
  useReportStatus(status === 'pending' ? 'loading' : status === 'failed' ? 'failed' : 'complete', onStatus);
  useReportFailure(query.error, FAILURE_REPORT);
  const headingLevel = variant === 'page' ? 2 : 3;

  const formFor = outcome && outcome.status !== 'complete' ? outcome : null;

  return (
    <div className="plans">
      {progress.visible && (
        <ProgressBar
          value={progress.value}
          label={PlanTexts.progressLabel}
          message={progress.value >= 100 ? PlanTexts.progressDone : PlanTexts.progressMessage}
        />
      )}
      {!progress.visible && state !== 'missing' && (
        <WidgetState state={state} title={PlanTexts.title} failedMessage={PlanTexts.widgetFailed} onRetry={() => void query.refetch()}>
          {() => {
            if (outcome?.status !== 'complete') return null;
            return variant === 'page' ? <PagePlans result={outcome.result} /> : <DashboardPlans result={outcome.result} />;
          }}
        </WidgetState>
      )}
      {/* Kept mounted (hidden) while its submit runs, so what was typed survives a refused save. */}
      {formFor && (
        <div hidden={progress.visible || state !== 'missing'}>
          <PlanContactForm
            reason={reasonOf(formFor)}
            headingLevel={headingLevel}
            onSubmit={async (request) => {
              await contact.mutateAsync(request);
            }}
          />
        </div>
      )}
    </div>
  );
}
