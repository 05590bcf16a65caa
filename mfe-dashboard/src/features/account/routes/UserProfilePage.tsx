import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountScreenTexts } from '@healthlink/contracts';
import { Button, buttonClassName, Container, Spinner, VisuallyHidden } from '@healthlink/web-ui';
import { usePatientInfo } from '../api/get-patient-info';
import { useUser } from '../api/get-user';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ProfileForm } from '../components/ProfileForm';
import { profileValuesFrom } from '../lib/profile-values';
import './account.css';

export interface UserProfilePageProps {
  /** The "Linked insurers" section's content: the insurers feature's list, composed in by the route table. */
  linkedInsurers?: ReactNode;
  /** The "Medicare plan alerts" section (its own heading), composed in by the route table from the plans feature. */
  planAlerts?: ReactNode;
}

export function UserProfilePage({ linkedInsurers, planAlerts }: UserProfilePageProps = {}) {
  const user = useUser();
  const patientInfo = usePatientInfo();
  const profile = patientInfo.data ? profileValuesFrom(patientInfo.data) : null;
  const firstName = user.data?.firstName || profile?.first_name;

  return (
    <Container className="page account">
      <Link to="/app/dashboard" className={buttonClassName('secondary', 'account__back')}>
        Back<VisuallyHidden> to the dashboard</VisuallyHidden>
      </Link>
      <h1>{firstName ? `Welcome, ${firstName}` : 'Your Profile'}</h1>

      <section className="account__block" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        {profile ? (
          <ProfileForm initial={profile} labelledBy="profile-heading" />
        ) : patientInfo.isError ? (
          <div role="alert">
            <p>We could not load your profile. Please try again later.</p>
            <Button variant="secondary" onClick={() => patientInfo.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div role="status">
            <Spinner label="Loading your profile" />
          </div>
        )}
      </section>

      <section className="account__block" aria-labelledby="password-heading">
        <h2 id="password-heading">Change Password</h2>
        <ChangePasswordForm labelledBy="password-heading" />
      </section>

      {linkedInsurers && (
        <section className="account__block" aria-labelledby="linked-insurers-heading">
          <h2 id="linked-insurers-heading">Linked insurers</h2>
          {linkedInsurers}
        </section>
      )}

      {planAlerts}

      <section className="account__block account__block--danger" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete Account</h2>
        <p>{AccountScreenTexts.deleteWarning}</p>
        <Link to="/deleteAccount" className={buttonClassName('danger')}>
          Yes, delete my account
        </Link>
      </section>
    </Container>
  );
}
