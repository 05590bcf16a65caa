import { useState } from 'react';
import {
  AccountMessages,
  AccountScreenTexts,
  normalizeEmail,
  normalizeRecoveryCode,
  RECOVERY_CODE_TTL_MINUTES,
} from '@healthlink/contracts';
import { TextField, useFormProblem } from '@healthlink/web-ui';
import { useVerifyRecoveryCode } from '../api/password-recovery';
import { verifyCodeFailure } from '../lib/sign-in-errors';
import { RecoveryForm } from './RecoveryForm';

export interface RecoveryCodeViewProps {
  email: string;
  onVerified: (tempToken: string) => void;
  onReturnToLogin: () => void;
  onClose: () => void;
}

export function RecoveryCodeView({ email, onVerified, onReturnToLogin, onClose }: RecoveryCodeViewProps) {
  const [code, setCode] = useState('');
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<'randomString'>();
  const { mutate, isPending } = useVerifyRecoveryCode();

  function submit() {
    const randomString = normalizeRecoveryCode(code);
    if (!randomString) return setProblem({ message: AccountMessages.fillAllFields, field: 'randomString' });
    setProblem(null);
    mutate(
      { email: normalizeEmail(email), randomString },
      {
        onSuccess: ({ tempToken }) => {
          if (tempToken) onVerified(tempToken);
          else setProblem({ message: AccountScreenTexts.recoveryFailure });
        },
        onError: (error) => setProblem({ message: verifyCodeFailure(error), field: 'randomString' }),
      },
    );
  }

  return (
    <RecoveryForm
      onSubmit={submit}
      message={problem?.message}
      messageId={messageId}
      pending={isPending}
      pendingLabel="Verifying code"
      submitLabel="Verify Code"
      onReturnToLogin={onReturnToLogin}
      onClose={onClose}
    >
      <TextField
        {...fieldProps('randomString')}
        label="Code"
        hint={`If an account uses ${normalizeEmail(email)}, a code is on its way there. It works for ${RECOVERY_CODE_TTL_MINUTES} minutes.`}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </RecoveryForm>
  );
}
