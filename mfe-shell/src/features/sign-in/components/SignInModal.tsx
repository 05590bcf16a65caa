import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '@healthlink/contracts';
import { startSession } from '@healthlink/web-runtime';
import { Modal } from '@healthlink/web-ui';
import { LoginView } from './LoginView';
import { RecoveryCodeView } from './RecoveryCodeView';
import { RecoveryEmailView } from './RecoveryEmailView';
import { RecoveryPasswordView } from './RecoveryPasswordView';

export type SignInView = 'login' | 'passRecovEmail' | 'passRecovRandCode' | 'passRecovPassUpdate';

export const SIGN_IN_TITLES: Record<SignInView, string> = {
  login: 'Sign In',
  passRecovEmail: 'Verify Email To Reset Password',
  passRecovRandCode: 'Enter Code Sent To Email',
  passRecovPassUpdate: 'Enter New Password',
};

export interface SignInModalProps {
  open: boolean;
  onClose: () => void;
  /** Stay on the current page after signing in (a page asked for the sign-in and carries on itself). */
  stayOnPage?: boolean;
}

/**
 * The sign-in modal (spec part 1 §2, §4): login and the three password-recovery steps. It closes
 * only through each view's own Close button or Escape, never on a backdrop click. Everything it
 * holds lives in SignInFlow, which unmounts on close: reopening starts again at an empty login.
 */
export function SignInModal({ open, onClose, stayOnPage = false }: SignInModalProps) {
  return open ? <SignInFlow onClose={onClose} stayOnPage={stayOnPage} /> : null;
}

function SignInFlow({ onClose, stayOnPage }: { onClose: () => void; stayOnPage: boolean }) {
  const navigate = useNavigate();
  const [view, setView] = useState<SignInView>('login');
  const [email, setEmail] = useState('');
  const [tempToken, setTempToken] = useState('');

  function signedIn({ token, hasInsurance }: LoginResponse) {
    startSession(token);
    onClose();
    if (!stayOnPage) navigate(hasInsurance ? '/app/dashboard' : '/healthSetup');
  }

  const returnToLogin = () => {
    setTempToken('');
    setView('login');
  };

  return (
    <Modal open onClose={onClose} title={SIGN_IN_TITLES[view]} showCloseButton={false} className="sign-in">
      {/* Keyed by view: each step starts with empty fields and focus on its first field. */}
      <div key={view}>
        {view === 'login' && (
          <LoginView
            email={email}
            onEmailChange={setEmail}
            onForgotPassword={() => setView('passRecovEmail')}
            onSignedIn={signedIn}
            onClose={onClose}
          />
        )}
        {view === 'passRecovEmail' && (
          <RecoveryEmailView
            email={email}
            onEmailChange={setEmail}
            onCodeSent={() => setView('passRecovRandCode')}
            onReturnToLogin={returnToLogin}
            onClose={onClose}
          />
        )}
        {view === 'passRecovRandCode' && (
          <RecoveryCodeView
            email={email}
            onVerified={(token) => {
              setTempToken(token);
              setView('passRecovPassUpdate');
            }}
            onReturnToLogin={returnToLogin}
            onClose={onClose}
          />
        )}
        {view === 'passRecovPassUpdate' && (
          <RecoveryPasswordView
            email={email}
            tempToken={tempToken}
            onPasswordUpdated={returnToLogin}
            onReturnToLogin={returnToLogin}
            onClose={onClose}
          />
        )}
      </div>
    </Modal>
  );
}
