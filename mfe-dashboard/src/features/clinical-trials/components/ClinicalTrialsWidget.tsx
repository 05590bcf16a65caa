import { useState } from 'react';
import { Link } from 'react-router';
import {
  CLINICAL_TRIALS_RETRIEVE_PATH,
  DEFAULT_TRIAL_RADIUS_MILES,
  TRIALS_DASHBOARD_COUNT,
  TRIALS_PAGE_SIZE,
  type ClinicalTrial,
  type ClinicalTrialsResult,
} from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { formatDate } from '../../../components/date/format-date';
import { LoadMore } from '../../../components/list/LoadMore';
import { useFocusFirstNew } from '../../../components/list/useFocusFirstNew';
import { SeeAllLink } from '../../../components/widget/SeeAllLink';
import { WidgetState } from '../../../components/widget/WidgetState';
import { loadStateOf, useReportFailure, useReportStatus } from '../../../components/widget/widget-status';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { useClinicalTrials } from '../api/get-clinical-trials';
import { ClinicalTrialsTexts } from '../lib/clinical-trials-texts';
import { CLINICAL_TRIALS_PATH } from '../lib/trial-paths';
import { isJoinable, recruitingFirst } from '../lib/trial-status';
import { TrialCard } from './TrialCard';
import { TrialsMissing } from './TrialsMissing';
import './clinical-trials.css';

export { CLINICAL_TRIALS_PATH };

const FAILURE_REPORT = {
  types: { error: ClientErrorType.ClinicalTrialsFetchError, exception: ClientErrorType.ClinicalTrialsFetchException },
  endpoint: CLINICAL_TRIALS_RETRIEVE_PATH,
};

export interface ClinicalTrialsWidgetProps extends WidgetProps {
  /** How far from the member's ZIP code (the list page's distance control); the API's default unless given. */
  radiusMiles?: number;
}

function TrialList({
  trials,
  headingLevel,
  refFor,
}: {
  trials: ClinicalTrial[];
  headingLevel: 2 | 3;
  refFor?: (index: number) => (element: HTMLElement | null) => void;
}) {
  return (
    <ul className="trials__list" aria-label="Matched clinical trials">
      {trials.map((trial, index) => (
        <li key={trial.nctId}>
          <TrialCard trial={trial} headingLevel={headingLevel} headingRef={refFor?.(index)} />
        </li>
      ))}
    </ul>
  );
}

/** Part 2 §9 on the dashboard: the first 3 recruiting trials, and the way to all of them. */
function DashboardTrials({ result }: { result: ClinicalTrialsResult }) {
  const ordered = recruitingFirst(result.trials);
  const recruiting = ordered.filter((trial) => isJoinable(trial.overallStatus)).slice(0, TRIALS_DASHBOARD_COUNT);
  return (
    <>
      {recruiting.length ? (
        <TrialList trials={recruiting} headingLevel={3} />
      ) : (
        <p className="trials-note">{ClinicalTrialsTexts.noneRecruiting(ordered.length)}</p>
      )}
      <p className="trials-as-of">{ClinicalTrialsTexts.studyDataAsOf(formatDate(result.asOf))}</p>
      <SeeAllLink
        to={CLINICAL_TRIALS_PATH}
        title={ClinicalTrialsTexts.title}
        summary={recruiting.length ? ClinicalTrialsTexts.dashboardSummary(recruiting.length, ordered.length) : undefined}
      />
    </>
  );
}

/** Part 2 §9 on /clinicalTrials: 5, and 5 more per Load more, recruiting first (the list is whole: paged here). */
function PageTrials({ result }: { result: ClinicalTrialsResult }) {
  const ordered = recruitingFirst(result.trials);
  const [count, setCount] = useState(TRIALS_PAGE_SIZE);
  const shown = ordered.slice(0, count);
  const { willLoadMore, refFor } = useFocusFirstNew(shown.length);
  const searched = result.diagnosesSearched;
  return (
    <>
      {searched.length > 0 && (
        <div className="trials-searched">
          <p>{ClinicalTrialsTexts.searchedFor(result.radiusMiles, result.zip)}</p>
          <ul>
            {searched.map((diagnosis) => (
              <li key={diagnosis.code}>
                <span className="trials-searched__code">{diagnosis.code}</span> {diagnosis.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      {ordered.length === 0 ? (
        <p className="trials-note" role="status">
          {ClinicalTrialsTexts.noneNearby}
        </p>
      ) : (
        <>
          <TrialList trials={shown} headingLevel={2} refFor={refFor} />
          <LoadMore
            shown={shown.length}
            total={ordered.length}
            noun={ordered.length === 1 ? 'trial' : 'trials'}
            hasMore={shown.length < ordered.length}
            loading={false}
            failed={false}
            failedMessage={ClinicalTrialsTexts.widgetFailed}
            onLoadMore={() => {
              willLoadMore();
              setCount((current) => current + TRIALS_PAGE_SIZE);
            }}
          />
        </>
      )}
      <p className="trials-as-of">
        {ClinicalTrialsTexts.studyDataAsOf(formatDate(result.asOf))} {ClinicalTrialsTexts.preScreenNote}
      </p>
    </>
  );
}

/**
 * The member's matched clinical trials (part 2 §2, §4, §9), in the four load states: on the dashboard the first 3
 * recruiting with a link to /clinicalTrials; on the list page 5 and 5 more per Load more, recruiting first. Its fetch
 * status goes to `onStatus` (the dashboard's `clinicalTrials`), each failure once to the error log.
 */
export function ClinicalTrialsWidget({ variant, onStatus, radiusMiles = DEFAULT_TRIAL_RADIUS_MILES }: ClinicalTrialsWidgetProps) {
  const query = useClinicalTrials(radiusMiles);
  const loaded = loadStateOf(query, (outcome) => outcome.status === 'missing');
  // Trying again after a failure shows loading again (the query keeps its error status until it answers).
  const state = loaded === 'failed' && query.isFetching ? 'loading' : loaded;
  useReportStatus(state, onStatus);
  useReportFailure(query.error, FAILURE_REPORT);
  const outcome = query.data;

  return (
    <div className="trials">
      <WidgetState
        state={state}
        title={ClinicalTrialsTexts.title}
        failedMessage={ClinicalTrialsTexts.widgetFailed}
        missing={<TrialsMissing missing={outcome?.status === 'missing' ? outcome.missing : null} />}
        onRetry={() => void query.refetch()}
      >
        {() => {
          if (outcome?.status !== 'complete') return null;
          const { result } = outcome;
          if (variant === 'page') return <PageTrials result={result} />;
          if (!result.trials.length) {
            return (
              <>
                <p className="trials-note">{ClinicalTrialsTexts.noneNearby}</p>
                <p className="widget-see-all">
                  <Link to={CLINICAL_TRIALS_PATH}>Search a larger distance</Link>
                </p>
              </>
            );
          }
          return <DashboardTrials result={result} />;
        }}
      </WidgetState>
    </div>
  );
}
