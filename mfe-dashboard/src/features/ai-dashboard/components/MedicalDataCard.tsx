import type { MedicalDataResponse } from '@healthlink/contracts';
import { WidgetLoading, WidgetMissing } from '../../../components/widget/WidgetState';
import type { WidgetLoadState } from '../../../components/widget/widget-types';
import { AiDashboardTexts, CODE_GROUPS } from '../lib/ai-dashboard-texts';
import { AiFailed } from './AiStates';
import { CodeGroup } from './CodeGroup';

export interface MedicalDataCardProps {
  state: WidgetLoadState;
  data: MedicalDataResponse | undefined;
  onRetry: () => void;
}

/** Your Medical Data (part 2 §2, §4): the member's codes by group (diagnosis, procedure, drug), each defined in plain words. */
export function MedicalDataCard({ state, data, onRetry }: MedicalDataCardProps) {
  if (state === 'loading') return <WidgetLoading title="Your Medical Data" />;
  if (state === 'failed') return <AiFailed onRetry={onRetry} />;
  if (state === 'missing' || !data) return <WidgetMissing title={AiDashboardTexts.medicalDataTitle} />;
  return (
    <>
      <p className="ai-card__intro">{AiDashboardTexts.medicalDataIntro}</p>
      <div className="ai-groups">
        {CODE_GROUPS.map((group) => (
          <CodeGroup key={group.list} {...group} entries={data[group.list]} />
        ))}
      </div>
    </>
  );
}
