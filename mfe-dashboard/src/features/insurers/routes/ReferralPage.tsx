import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ReferralErrorCode, ReferralMessages } from '@healthlink/contracts';
import { isApiError, isServiceFailure, requestSignIn, startSession, useSession } from '@healthlink/web-runtime';
import { Button, buttonClassName, Container, Spinner } from '@healthlink/web-ui';
import { useAttachReferral } from '../api/attach-referral';
import { useExchangeReferralCode } from '../api/exchange-referral-code';
import { InsurerScreenTexts } from '../lib/insurer-screen-texts';
import './insurers.css';

// The server's own reason when it gave one (an invalid code); nothing more when it could not be reached.
const reasonOf = (error: unknown) => (isServiceFailure(error) ? '' : (error as Error).message);

/**
 * /authenticateReferral?code=&partner=: a partner's single-use code creates a new account and signs it in,
 * then insurer selection. A code for an e-mail that already has an account gives no session: the page
 * asks the person to sign in, then adds the referral to their account.
 */
export function ReferralPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const { mutateAsync: exchange } = useExchangeReferralCode();
  const { mutateAsync: attach } = useAttachReferral();
  // The code is single use: one exchange (and one attach) per code, even when effects run twice (StrictMode).
  const sentFor = useRef<string | null>(null);
  const attachedFor = useRef<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(code ? null : InsurerScreenTexts.referralInvalid);

  useEffect(() => {
    if (!code || sentFor.current === code) return;
    sentFor.current = code;
    exchange(code).then(
      ({ token }) => {
        startSession(token);
        navigate('/insuranceSelect', { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === ReferralErrorCode.SignInRequired) setNeedsSignIn(true);
        else setFailure(reasonOf(error));
      },
    );
  }, [code, exchange, navigate]);

  // Signed in (now, or already): the referral goes to this account, when it was made for its e-mail.
  useEffect(() => {
    if (!needsSignIn || !isLoggedIn || attachedFor.current === code) return;
    attachedFor.current = code;
    attach(code).then(
      () => navigate('/insuranceSelect', { replace: true }),
      (error: unknown) => setFailure(reasonOf(error)),
    );
  }, [needsSignIn, isLoggedIn, code, attach, navigate]);

  if (failure !== null) {
    return (
      <Container className="page insurers insurers--narrow">
        <h1>We Could Not Sign You In</h1>
        <div role="alert" className="insurer-error">
          <p>{InsurerScreenTexts.referralFailure}</p>
          {failure && <p>{failure}</p>}
        </div>
        <p>You can still use the product: sign up for an account, or sign in from the home page if you already have one.</p>
        <div className="hl-actions">
          <Link to="/" className={buttonClassName('secondary')}>
            Home page
          </Link>
          <Link to="/register" className={buttonClassName('primary')}>
            Sign up
          </Link>
        </div>
      </Container>
    );
  }

  if (needsSignIn && !isLoggedIn) {
    return (
      <Container className="page insurers insurers--narrow">
        <h1>Please Sign In</h1>
        <p role="status">{ReferralMessages.signInRequired}</p>
        <p>Once you are signed in, this referral is added to your account.</p>
        <div className="hl-actions">
          <Button onClick={() => requestSignIn()}>Sign in</Button>
        </div>
      </Container>
    );
  }

  return (
    <Container className="page insurers insurers--narrow">
      <h1>{needsSignIn ? 'Adding Your Referral' : 'Signing You In'}</h1>
      <div role="status" className="insurers__loading">
        <Spinner label={needsSignIn ? 'Adding the referral to your account' : 'Checking your referral link'} />
      </div>
    </Container>
  );
}
