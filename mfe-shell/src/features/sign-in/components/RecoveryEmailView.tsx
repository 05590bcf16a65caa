import type { FormEvent } from 'react';
import { AccountMessages, AccountScreenTexts, isValidEmail, normalizeEmail } from '@healthlink/contracts';
import { Button, FormMessage, LinkButton, ModalCloseButton, PendingActions, TextField, useFormProblem } from '@healthlink/web-ui';
import { useSendRecoveryCode } from '../api/password-recovery';

export interface RecoveryEmailViewProps {
  email: string;
  onEmailChange: (email: string) => void;
  onCodeSent: () => void;
  onReturnToLogin: () => void;
  onClose: () => void;
}

export function RecoveryEmailView({ email, onEmailChange, onCodeSent, onReturnToLogin, onClose }: RecoveryEmailViewProps) {
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<'email'>();
  const { mutate, isPending } = useSendRecoveryCode();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return setProblem({ message: AccountMessages.fillAllFields, field: 'email' });
    if (!isValidEmail(email)) return setProblem({ message: AccountMessages.invalidEmail, field: 'email' });
    setProblem(null);
    mutate({ email: normalizeEmail(email) }, { onSuccess: onCodeSent, onError: () => setProblem({ message: AccountScreenTexts.recoveryFailure }) });
  }

  return (
    <form noValidate onSubmit={submit} className="sign-in__form">
      <ModalCloseButton onClick={onClose} />
      <p>Enter the email address of your account and we will send you a code.</p>
      <TextField
        {...fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <PendingActions pending={isPending} label="Sending code">
        <Button type="submit" className="sign-in__submit">
          Send Code To Email
        </Button>
      </PendingActions>
      <p className="sign-in__aside">
        <LinkButton onClick={onReturnToLogin}>Return to login</LinkButton>
      </p>
    </form>
  );
}
