import type { ComponentType } from 'react';
import { usePageTitle } from '@healthlink/web-runtime';
import { DashboardLayout } from '../../../components/sidebar/DashboardLayout';
import { SECTIONS } from '../../../components/sidebar/sidebar-sections';
import { NotYetAvailable } from '../../../components/widget/NotYetAvailable';
import { WidgetCard } from '../../../components/widget/WidgetCard';
import type { WidgetProps } from '../../../components/widget/widget-types';

/** What src/app gives the AI dashboard: the two data widgets it shares with the dashboard, and the member. */
export interface AiDashboardPageProps {
  RxHistory: ComponentType<WidgetProps>;
  HealthHistory: ComponentType<WidgetProps>;
  firstName: string | undefined;
}

export const AI_NOT_YET = {
  symptomMonitoring: 'Symptoms worth watching for, based on your diagnoses and prescriptions, will show here.',
  recommendedTests: 'Tests and screenings people with your history are often advised to have will show here.',
  procedures: 'Plain-language notes on the procedures in your claims will show here.',
  yourMedicalData: 'Plain-language definitions of the diagnosis, procedure and drug codes in your records will show here.',
} as const;

/**
 * /app/aiDashboard (part 2 §2): the sidebar in AI mode and its sections. The AI suggestion cards and Your Medical
 * Data are not built yet (their issue comes later): they say so; Rx History and Health History are the real widgets.
 */
export function AiDashboardPage({ RxHistory, HealthHistory, firstName }: AiDashboardPageProps) {
  usePageTitle('AI Dashboard');
  return (
    <DashboardLayout mode="ai">
      <h1>{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
      <p>
        Suggestions from your own claims and prescriptions, in plain language. They are not medical advice: talk them over with your doctor.
      </p>
      <WidgetCard {...SECTIONS.symptomMonitoring}>
        <NotYetAvailable promise={AI_NOT_YET.symptomMonitoring} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.recommendedTests}>
        <NotYetAvailable promise={AI_NOT_YET.recommendedTests} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.procedures}>
        <NotYetAvailable promise={AI_NOT_YET.procedures} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.yourMedicalData}>
        <NotYetAvailable promise={AI_NOT_YET.yourMedicalData} />
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
