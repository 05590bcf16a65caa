import type { ComponentType } from 'react';
import { AI_DASHBOARD_CARDS, AI_DASHBOARD_ITEMS, type AiDashboardItemKey, type MedicalDataResponse } from '@healthlink/contracts';
import { ClientErrorType, usePageTitle } from '@healthlink/web-runtime';
import { DashboardLayout } from '../../../components/sidebar/DashboardLayout';
import { SECTIONS } from '../../../components/sidebar/sidebar-sections';
import { WidgetCard } from '../../../components/widget/WidgetCard';
import { loadStateOf, useReportFailure } from '../../../components/widget/widget-status';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { MEDICAL_DATA_URL, useMedicalData } from '../api/get-medical-data';
import { MedicalDataCard } from '../components/MedicalDataCard';
import { SuggestionCard } from '../components/SuggestionCard';
import { AiDashboardTexts } from '../lib/ai-dashboard-texts';
import '../components/ai-dashboard.css';

/** What src/app gives the AI dashboard: the two data widgets it shares with the dashboard, and the member. */
export interface AiDashboardPageProps {
  RxHistory: ComponentType<WidgetProps>;
  HealthHistory: ComponentType<WidgetProps>;
  firstName: string | undefined;
}

const MEDICAL_DATA_FAILURE = {
  types: { error: ClientErrorType.OpenAiFetchError, exception: ClientErrorType.OpenAiFetchException },
  endpoint: MEDICAL_DATA_URL,
};

const hasNoCodes = (data: MedicalDataResponse) => !data.diagnosisCodes.length && !data.procedureCodes.length && !data.drugList.length;

/** The cards whose data lists are known to be empty: not shown (part 2 §2), nor their sidebar anchors. */
const cardsWithoutData = (data: MedicalDataResponse | undefined): AiDashboardItemKey[] =>
  data ? AI_DASHBOARD_ITEMS.filter((itemKey) => AI_DASHBOARD_CARDS[itemKey].requiredFields.some((list) => !data[list].length)) : [];

/**
 * /app/aiDashboard (part 2 §2): the sidebar in AI mode; the suggestion cards Symptom Monitoring, Recommended Tests
 * and Procedures, each shown (and asking for suggestions) only when the data lists it needs are non-empty, its
 * sidebar anchor likewise; Your Medical Data; the Rx and health history widgets.
 */
export function AiDashboardPage({ RxHistory, HealthHistory, firstName }: AiDashboardPageProps) {
  usePageTitle('AI Dashboard');
  const medicalData = useMedicalData();
  const loaded = loadStateOf(medicalData, hasNoCodes);
  const state = loaded === 'failed' && medicalData.isFetching ? 'loading' : loaded;
  useReportFailure(medicalData.error, MEDICAL_DATA_FAILURE);
  const retry = () => void medicalData.refetch();
  const data = medicalData.data;
  const hidden = cardsWithoutData(data);

  return (
    <DashboardLayout mode="ai" hidden={hidden}>
      <h1>{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
      <p>{AiDashboardTexts.intro}</p>
      {AI_DASHBOARD_ITEMS.filter((itemKey) => !hidden.includes(itemKey)).map((itemKey) => (
        <WidgetCard key={itemKey} {...SECTIONS[itemKey]}>
          <SuggestionCard itemKey={itemKey} medicalData={{ state, data, onRetry: retry }} />
        </WidgetCard>
      ))}
      <WidgetCard {...SECTIONS.yourMedicalData}>
        <MedicalDataCard state={state} data={data} onRetry={retry} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.rxHistory}>
        <RxHistory variant="dashboard" />
      </WidgetCard>
      <WidgetCard {...SECTIONS.healthHistory}>
        <HealthHistory variant="dashboard" />
      </WidgetCard>
    </DashboardLayout>
  );
}
