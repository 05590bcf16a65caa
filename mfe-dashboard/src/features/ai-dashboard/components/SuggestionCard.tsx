import { AI_DASHBOARD_CARDS, type AiDashboardItemKey, type AiDashboardItemResponse, type MedicalDataResponse } from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { WidgetLoading, WidgetState } from '../../../components/widget/WidgetState';
import { loadStateOf, useReportFailure } from '../../../components/widget/widget-status';
import type { WidgetLoadState } from '../../../components/widget/widget-types';
import { DASHBOARD_ITEM_URL, useDashboardItem } from '../api/get-dashboard-item';
import { sourceLine } from '../../../components/source-line/source-line';
import { AiDashboardTexts } from '../lib/ai-dashboard-texts';
import { AiFailed } from './AiStates';

const FAILURE_REPORT = {
  types: { error: ClientErrorType.OpenAiDashboardItemError, exception: ClientErrorType.OpenAiDashboardItemException },
  endpoint: DASHBOARD_ITEM_URL,
};

export interface SuggestionCardProps {
  itemKey: AiDashboardItemKey;
  /** The member's data lists: whether the card may ask for suggestions at all. */
  medicalData: { state: WidgetLoadState; data: MedicalDataResponse | undefined; onRetry: () => void };
}

function Suggestions({ itemKey, response }: { itemKey: AiDashboardItemKey; response: AiDashboardItemResponse }) {
  const { title, limit } = AI_DASHBOARD_CARDS[itemKey];
  const source = sourceLine(response.sources);
  return (
    <>
      <p className="ai-card__intro">{AiDashboardTexts.cardIntro[itemKey]}</p>
      <ul className="ai-card__list" aria-label={`${title} suggestions`}>
        {response.output.slice(0, limit).map((suggestion, index) => (
          <li key={`${index}-${suggestion.title}`} className="ai-card__item">
            <h3>{suggestion.title}</h3>
            <p>{suggestion.details}</p>
          </li>
        ))}
      </ul>
      {source && <p className="ai-source">{source}</p>}
    </>
  );
}

/**
 * An AI suggestion card (part 2 §2, §4, §9): asked for only when the data lists it needs are non-empty; then a
 * loading skeleton, the suggestions (title and details, up to the card's limit) with their source, the error "Failed
 * to fetch response from OpenAI." with Try again, or nothing to suggest.
 */
export function SuggestionCard({ itemKey, medicalData }: SuggestionCardProps) {
  const card = AI_DASHBOARD_CARDS[itemKey];
  const lists = medicalData.data;
  const hasData = !!lists && card.requiredFields.every((list) => lists[list].length > 0);
  const query = useDashboardItem(itemKey, hasData);
  useReportFailure(query.error, FAILURE_REPORT);

  if (medicalData.state === 'loading') return <WidgetLoading title={card.title} />;
  if (medicalData.state === 'failed') return <AiFailed onRetry={medicalData.onRetry} />;
  // The page shows no card without its data; nothing is asked for one.
  if (!hasData) return null;

  const loaded = loadStateOf(query, (response) => response.output.length === 0);
  const state = loaded === 'failed' && query.isFetching ? 'loading' : loaded;
  return (
    <WidgetState
      state={state}
      title={card.title}
      failedMessage={AiDashboardTexts.failed}
      missing={<p className="ai-card__none">{AiDashboardTexts.noSuggestions}</p>}
      onRetry={() => void query.refetch()}
    >
      {() => (query.data ? <Suggestions itemKey={itemKey} response={query.data} /> : null)}
    </WidgetState>
  );
}
