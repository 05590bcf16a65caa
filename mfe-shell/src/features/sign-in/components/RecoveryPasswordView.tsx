import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { AccountScreenTexts, normalizeEmail, resetPasswordProblem } from '@healthlink/contracts';
import { PasswordField, useFormProblem } from '@healthlink/web-ui';
import { useUpdateRecoveredPassword } from '../api/password-recovery';
import { updatePasswordFailure } from '../lib/sign-in-errors';
import { RecoveryForm } from './RecoveryForm';

export interface RecoveryPasswordViewProps {
  email: string;
  tempToken: string;
  onPasswordUpdated: () => void;
  onReturnToLogin: () => void;
  onClose: () => void;
}

export function RecoveryPasswordView({ email, tempToken, onPasswordUpdated, onReturnToLogin, onClose }: RecoveryPasswordViewProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<'password' | 'confirmPassword'>();
  const { mutate, isPending } = useUpdateRecoveredPassword();

  function submit() {
    const found = resetPasswordProblem({ password, confirmPassword });
    setProblem(found);
    if (found) return;
    mutate(
      { password, confirmPassword, email: normalizeEmail(email), tempToken },
      {
        onSuccess: () => {
          toast.success(AccountScreenTexts.passwordUpdatedToast);
          onPasswordUpdated();
        },
        onError: (error) => setProblem(updatePasswordFailure(error)),
      },
    );
  }

  return (
    <RecoveryForm
      onSubmit={submit}
      message={problem?.message}
      messageId={messageId}
      pending={isPending}
      pendingLabel="Updating password"
      submitLabel="Update Password"
      onReturnToLogin={onReturnToLogin}
      onClose={onClose}
    >
      <PasswordField
        {...fieldProps('password')}
        label="Password"
        hint={AccountScreenTexts.passwordHint}
        autoComplete="new-password"
        required
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        {...fieldProps('confirmPassword')}
        label="Confirm Password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
    </RecoveryForm>
  );
}
