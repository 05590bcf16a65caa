import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { AccountScreenTexts } from '@healthlink/contracts';
import { endSession } from '@healthlink/web-runtime';
import { Button, Container, FormMessage, PendingActions } from '@healthlink/web-ui';
import { useDeleteAccount } from '../api/delete-account';
import './account.css';

export function DeleteAccountPage() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const { mutate, isPending } = useDeleteAccount();

  function confirm() {
    setFailed(false);
    mutate(undefined, {
      onSuccess: ({ message }) => {
        endSession();
        toast.success(message);
        navigate('/', { replace: true });
      },
      onError: () => setFailed(true),
    });
  }

  return (
    <Container className="page account">
      <Link to="/app/dashboard" className="account__back-link">
        Back to the dashboard
      </Link>
      <h1>Delete Account</h1>
      <div className="account__block account__block--danger">
        <p>{AccountScreenTexts.deleteWarning}</p>
        <p className="account__question">Are you sure you want to delete your account?</p>
        <FormMessage>{failed ? AccountScreenTexts.deleteFailure : ''}</FormMessage>
        <PendingActions pending={isPending} label="Deleting your account">
          <Button variant="danger" onClick={confirm}>
            Yes
          </Button>
          <Button variant="secondary" onClick={() => navigate('/userProfile')}>
            No
          </Button>
        </PendingActions>
      </div>
    </Container>
  );
}
