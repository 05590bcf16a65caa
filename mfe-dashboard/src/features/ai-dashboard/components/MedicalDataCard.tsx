import type { MedicalDataResponse } from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { WidgetLoading, WidgetMissing } from '../../../components/widget/WidgetState';
import { useReportFailure } from '../../../components/widget/widget-status';
import type { WidgetLoadState } from '../../../components/widget/widget-types';
import { MEDICAL_DATA_URL, useMedicalDataDefinitions } from '../api/get-medical-data';
import { AiDashboardTexts, CODE_GROUPS } from '../lib/ai-dashboard-texts';
import { AiFailed } from './AiStates';
import { CodeGroup, type GroupDefinitions } from './CodeGroup';

const DEFINITIONS_FAILURE = {
  types: { error: ClientErrorType.OpenAiMedicalCodeError, exception: ClientErrorType.OpenAiMedicalCodeException },
  endpoint: MEDICAL_DATA_URL,
};

export interface MedicalDataCardProps {
  state: WidgetLoadState;
  data: MedicalDataResponse | undefined;
  onRetry: () => void;
}

/**
 * Your Medical Data (part 2 §2, §4): the member's codes by group (diagnosis, procedure, drug), each defined in plain
 * words. The lists come from the page's read; the definitions from one more read of the same lists with
 * `?definitions=true`, asked once the lists show codes (not one defineMedCode call per code).
 */
export function MedicalDataCard({ state, data, onRetry }: MedicalDataCardProps) {
  const definitions = useMedicalDataDefinitions(state === 'complete');
  useReportFailure(definitions.error, DEFINITIONS_FAILURE);

  if (state === 'loading') return <WidgetLoading title="Your Medical Data" />;
  if (state === 'failed') return <AiFailed onRetry={onRetry} />;
  if (state === 'missing' || !data) return <WidgetMissing title={AiDashboardTexts.medicalDataTitle} />;

  const defined = definitions.data;
  const groupDefinitions = (list: (typeof CODE_GROUPS)[number]['list']): GroupDefinitions => {
    if (defined) return { status: 'ready', entries: defined[list] };
    if (definitions.isError && !definitions.isFetching) return { status: 'failed', onRetry: () => void definitions.refetch() };
    return { status: 'loading' };
  };
  return (
    <>
      <p className="ai-card__intro">{AiDashboardTexts.medicalDataIntro}</p>
      <div className="ai-groups">
        {CODE_GROUPS.map((group) => (
          <CodeGroup key={group.list} {...group} entries={data[group.list]} definitions={groupDefinitions(group.list)} />
        ))}
      </div>
    </>
  );
}
