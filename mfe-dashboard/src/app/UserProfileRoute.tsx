import { UserProfilePage } from '../features/account/routes/UserProfilePage';
import { LinkedInsurers } from '../features/insurers/components/LinkedInsurers';

/** /userProfile composed: the profile page with the member's linked insurers (each with Last updated and Unlink). */
export function UserProfileRoute() {
  return <UserProfilePage linkedInsurers={<LinkedInsurers />} />;
}
