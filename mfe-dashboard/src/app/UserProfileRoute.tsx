import { UserProfilePage } from '../features/account/routes/UserProfilePage';
import { LinkedInsurers } from '../features/insurers/components/LinkedInsurers';
import { PlanAlertsSection } from '../features/plans';

/**
 * /userProfile composed: the profile page with the member's linked insurers (each with Last updated and Unlink) and
 * the plans feature's "Medicare plan alerts" setting.
 */
export function UserProfileRoute() {
  return <UserProfilePage linkedInsurers={<LinkedInsurers />} planAlerts={<PlanAlertsSection />} />;
}
