import { useState, type FormEvent } from 'react';
import { AccountMessages, AccountScreenTexts, normalizeEmail, normalizeRecoveryCode, RECOVERY_CODE_TTL_MINUTES } from '@healthlink/contracts';
import { Button, FormMessage, LinkButton, ModalCloseButton, PendingActions, TextField, useFormProblem } from '@healthlink/web-ui';
import { useVerifyRecoveryCode } from '../api/password-recovery';
import { verifyCodeFailure } from '../lib/sign-in-errors';

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <form noValidate onSubmit={submit} className="sign-in__form">
      <ModalCloseButton onClick={onClose} />
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
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <PendingActions pending={isPending} label="Verifying code">
        <Button type="submit" className="sign-in__submit">
          Verify Code
        </Button>
      </PendingActions>
      <p className="sign-in__aside">
        <LinkButton onClick={onReturnToLogin}>Return to login</LinkButton>
      </p>
    </form>
  );
}
