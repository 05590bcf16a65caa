import type { ComponentType, ReactNode } from 'react';
import type { InsurerLinkSummary } from '@healthlink/contracts';
import { usePageTitle } from '@healthlink/web-runtime';
import { DashboardLayout } from '../../../components/sidebar/DashboardLayout';
import { SECTIONS } from '../../../components/sidebar/sidebar-sections';
import { WidgetCard } from '../../../components/widget/WidgetCard';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { CurrentPlanCard } from '../components/CurrentPlanCard';
import { NotYetAvailable } from '../../../components/widget/NotYetAvailable';
import { SpendingSection } from '../components/SpendingSection';
import { Welcome } from '../components/Welcome';
import { useFetchTracking } from '../hooks/useFetchTracking';
import '../dashboard.css';

/** What the dashboard is given by src/app (features never import each other): the data widgets and the member. */
export interface DashboardPageProps {
  RxHistory: ComponentType<WidgetProps>;
  /** Absent while its feature is not built: the section shows that, honestly. */
  RxInteractions?: ComponentType<WidgetProps>;
  HealthHistory: ComponentType<WidgetProps>;
  MedicalTips: ComponentType<WidgetProps>;
  /** Absent while its feature is not built: the section shows that, honestly. */
  ClinicalTrials?: ComponentType<WidgetProps>;
  /** Absent while its feature is not built: the section shows that, honestly. */
  MedicareOptions?: ComponentType<WidgetProps>;
  firstName: string | undefined;
  insurerLinks: readonly InsurerLinkSummary[] | undefined;
  /** Shown under the welcome (the insurers feature's banner asking to link an insurer again). */
  banner?: ReactNode;
}

export const NOT_YET = {
  rxInteractions: 'Warnings about drugs you take that may interact with each other will show here, each with how serious it is.',
  clinicalTrials: 'Clinical trials you may be able to join, based on your conditions, age and where you live, will show here.',
  medicareOptions: 'How your plan compares with other Medicare plans in your area, by estimated total cost, will show here.',
} as const;

/** /app/dashboard (part 2 §1, §2): the welcome, the current plan, the six sections in the spec's order, spending. */
export function DashboardPage({
  RxHistory,
  RxInteractions,
  HealthHistory,
  MedicalTips,
  ClinicalTrials,
  MedicareOptions,
  firstName,
  insurerLinks,
  banner,
}: DashboardPageProps) {
  usePageTitle('Dashboard');
  const { reporters } = useFetchTracking();
  return (
    <DashboardLayout mode="normal">
      <Welcome firstName={firstName} links={insurerLinks} />
      {banner}
      <CurrentPlanCard onStatus={reporters.currentPlan} />
      <WidgetCard {...SECTIONS.rxHistory}>
        <RxHistory variant="dashboard" onStatus={reporters.rxHistory} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.rxInteractions}>
        {RxInteractions ? (
          <RxInteractions variant="dashboard" onStatus={reporters.rxInteractions} />
        ) : (
          <NotYetAvailable promise={NOT_YET.rxInteractions} onStatus={reporters.rxInteractions} />
        )}
      </WidgetCard>
      <WidgetCard {...SECTIONS.healthHistory}>
        <HealthHistory variant="dashboard" onStatus={reporters.healthHistory} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.medicalTips}>
        <MedicalTips variant="dashboard" onStatus={reporters.medicalTips} />
      </WidgetCard>
      <WidgetCard {...SECTIONS.clinicalTrials}>
        {ClinicalTrials ? (
          <ClinicalTrials variant="dashboard" onStatus={reporters.clinicalTrials} />
        ) : (
          <NotYetAvailable promise={NOT_YET.clinicalTrials} onStatus={reporters.clinicalTrials} />
        )}
      </WidgetCard>
      <WidgetCard {...SECTIONS.medicareOptions}>
        {MedicareOptions ? (
          <MedicareOptions variant="dashboard" onStatus={reporters.planRanks} />
        ) : (
          <NotYetAvailable promise={NOT_YET.medicareOptions} onStatus={reporters.planRanks} />
        )}
      </WidgetCard>
      <SpendingSection onStatus={reporters.spending} />
    </DashboardLayout>
  );
}
