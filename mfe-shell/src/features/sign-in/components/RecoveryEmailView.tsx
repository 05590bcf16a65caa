import { AccountMessages, AccountScreenTexts, isValidEmail, normalizeEmail } from '@healthlink/contracts';
import { TextField, useFormProblem } from '@healthlink/web-ui';
import { useSendRecoveryCode } from '../api/password-recovery';
import { RecoveryForm } from './RecoveryForm';

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

  function submit() {
    if (!email.trim()) return setProblem({ message: AccountMessages.fillAllFields, field: 'email' });
    if (!isValidEmail(email)) return setProblem({ message: AccountMessages.invalidEmail, field: 'email' });
    setProblem(null);
    mutate(
      { email: normalizeEmail(email) },
      { onSuccess: onCodeSent, onError: () => setProblem({ message: AccountScreenTexts.recoveryFailure }) },
    );
  }

  return (
    <RecoveryForm
      onSubmit={submit}
      message={problem?.message}
      messageId={messageId}
      pending={isPending}
      pendingLabel="Sending code"
      submitLabel="Send Code To Email"
      onReturnToLogin={onReturnToLogin}
      onClose={onClose}
    >
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
    </RecoveryForm>
  );
}
