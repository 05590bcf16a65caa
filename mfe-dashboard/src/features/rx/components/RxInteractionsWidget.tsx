import { DASHBOARD_ROWS, type DrugInteractionsResponse } from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { formatDate } from '../../../components/date/format-date';
import { SeeAllLink } from '../../../components/widget/SeeAllLink';
import { WidgetMissing, WidgetState } from '../../../components/widget/WidgetState';
import { useReportFailure, useReportStatus } from '../../../components/widget/widget-status';
import type { WidgetLoadState, WidgetProps } from '../../../components/widget/widget-types';
import { DRUG_INTERACTIONS_URL, useDrugInteractions, useHasDrugs } from '../api/get-drug-interactions';
import { USER_DRUGS_URL } from '../api/get-rx-history';
import { RxTexts } from '../lib/rx-texts';
import { InteractionItem } from './InteractionItem';
import './rx.css';

export const RX_INTERACTIONS_PATH = '/rxInteractions';

const REPORT_TYPES = { error: ClientErrorType.RxInteractionsFetchError, exception: ClientErrorType.RxInteractionsFetchException };

/** Loaded, failed, or loading (trying again after a failure included: the query keeps its error until it answers). */
function stateOf(query: { data: unknown; isError: boolean; isFetching: boolean }, loaded: WidgetLoadState): WidgetLoadState {
  if (query.data !== undefined) return loaded;
  return query.isError && !query.isFetching ? 'failed' : 'loading';
}

function NoInteractions() {
  return (
    <div className="rx-none">
      <svg className="rx-none__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p>{RxTexts.noInteractions}</p>
    </div>
  );
}

/** What the check could not cover, and what it was checked against: "no interactions" is only as good as these. */
function CheckNotes({ answer }: { answer: DrugInteractionsResponse }) {
  return (
    <>
      {answer.unchecked.length > 0 && (
        <div className="rx-unchecked">
          <p>{RxTexts.unchecked(answer.unchecked.length)}</p>
          <ul>
            {answer.unchecked.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {answer.source && <p className="rx-note">{RxTexts.interactionsSource(answer.source, formatDate(answer.asOf))}</p>}
    </>
  );
}

/**
 * Interactions between the member's drugs (part 2 §4): loading, missing (no drugs), no interactions, complete or
 * error. The most severe first; the dashboard shows 3 and links to /rxInteractions, which shows them all.
 */
export function RxInteractionsWidget({ variant, onStatus }: WidgetProps) {
  const interactions = useDrugInteractions();
  const answer = interactions.data;
  const none = answer?.interactions.length === 0;
  // An empty list means "no interactions" only when there are drugs to compare: asked only when the answer does
  // not already name one (a drug it could not check is still a drug).
  const drugs = useHasDrugs(none && answer?.unchecked.length === 0);
  const hasDrugs = (answer?.unchecked.length ?? 0) > 0 || drugs.data === true;

  const state: WidgetLoadState = !none ? stateOf(interactions, 'complete') : hasDrugs ? 'missing' : stateOf(drugs, 'missing');
  useReportStatus(state, onStatus);
  useReportFailure(interactions.error, { types: REPORT_TYPES, endpoint: DRUG_INTERACTIONS_URL });
  useReportFailure(drugs.error, { types: REPORT_TYPES, endpoint: USER_DRUGS_URL });

  const all = answer?.interactions ?? [];
  const shown = variant === 'dashboard' ? all.slice(0, DASHBOARD_ROWS) : all;

  return (
    <div className="rx-interactions">
      <WidgetState
        state={state}
        title={RxTexts.interactionsTitle}
        failedMessage={RxTexts.interactionsFailed}
        onRetry={() => void (interactions.isError ? interactions.refetch() : drugs.refetch())}
        missing={
          hasDrugs && answer ? (
            <>
              <NoInteractions />
              <CheckNotes answer={answer} />
            </>
          ) : (
            <WidgetMissing title={RxTexts.interactionsTitle} />
          )
        }
      >
        {() => (
          <>
            <ul className="rx-interactions__list" aria-label="Drug interactions">
              {shown.map((interaction, index) => (
                <li key={`${index}|${interaction.drug_a}|${interaction.drug_b}`}>
                  <InteractionItem interaction={interaction} headingLevel={variant === 'dashboard' ? 3 : 2} />
                </li>
              ))}
            </ul>
            <p className="rx-note">{RxTexts.interactionsAdvice}</p>
            {answer && <CheckNotes answer={answer} />}
            {variant === 'dashboard' && (
              <SeeAllLink
                to={RX_INTERACTIONS_PATH}
                title={RxTexts.interactionsTitle}
                summary={all.length > shown.length ? `Showing ${shown.length} of ${all.length} interactions.` : undefined}
              />
            )}
          </>
        )}
      </WidgetState>
    </div>
  );
}
