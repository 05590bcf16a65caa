import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { AccountScreenTexts, normalizeEmail, resetPasswordProblem } from '@healthlink/contracts';
import { Button, FormMessage, LinkButton, ModalCloseButton, PasswordField, PendingActions, useFormProblem } from '@healthlink/web-ui';
import { useUpdateRecoveredPassword } from '../api/password-recovery';
import { updatePasswordFailure } from '../lib/sign-in-errors';

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <form noValidate onSubmit={submit} className="sign-in__form">
      <ModalCloseButton onClick={onClose} />
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
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <PendingActions pending={isPending} label="Updating password">
        <Button type="submit" className="sign-in__submit">
          Update Password
        </Button>
      </PendingActions>
      <p className="sign-in__aside">
        <LinkButton onClick={onReturnToLogin}>Return to login</LinkButton>
      </p>
    </form>
  );
}
