import { ClinicalTrialsWidget } from '../features/clinical-trials';
import { DashboardPage } from '../features/dashboard';
import { HealthHistoryWidget } from '../features/health-history';
import { MedicalTipsWidget } from '../features/medical-tips';
import { MedicareOptionsWidget } from '../features/plans';
import { RxHistoryWidget, RxInteractionsWidget } from '../features/rx';
import { useUser } from '../features/account/api/get-user';
import { useInsurerLinks } from '../features/insurers/api/get-insurer-links';
import { RelinkBanner } from '../features/insurers/components/RelinkBanner';

/**
 * /app/dashboard composed: the dashboard page with the other features' widgets, the member's name and insurers, and
 * the banner asking to link again an insurer that refused our access.
 */
export function DashboardRoute() {
  const user = useUser();
  const links = useInsurerLinks();
  return (
    <DashboardPage
      RxHistory={RxHistoryWidget}
      RxInteractions={RxInteractionsWidget}
      HealthHistory={HealthHistoryWidget}
      MedicalTips={MedicalTipsWidget}
      ClinicalTrials={ClinicalTrialsWidget}
      MedicareOptions={MedicareOptionsWidget}
      firstName={user.data?.firstName}
      insurerLinks={links.data?.links}
      banner={<RelinkBanner />}
    />
  );
}
