import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isServiceFailure, startSession } from '@healthlink/web-runtime';
import { buttonClassName, Container, Spinner } from '@healthlink/web-ui';
import { useExchangeReferralCode } from '../api/exchange-referral-code';
import { InsurerScreenTexts } from '../lib/insurer-screen-texts';
import './insurers.css';

/** /authenticateReferral?code=&partner=: a partner's single-use code becomes a session, then insurer selection. */
export function ReferralPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const navigate = useNavigate();
  const { mutateAsync: exchange } = useExchangeReferralCode();
  // The code is single use: one exchange per code, even when effects run twice (StrictMode).
  const sentFor = useRef<string | null>(null);
  const [failure, setFailure] = useState<string | null>(code ? null : InsurerScreenTexts.referralInvalid);

  useEffect(() => {
    if (!code || sentFor.current === code) return;
    sentFor.current = code;
    exchange(code).then(
      ({ token }) => {
        startSession(token);
        navigate('/insuranceSelect', { replace: true });
      },
      // The server's own reason when it gave one (an invalid code); nothing more when it could not be reached.
      (error: unknown) => setFailure(isServiceFailure(error) ? '' : (error as Error).message),
    );
  }, [code, exchange, navigate]);

  if (failure === null) {
    return (
      <Container className="page insurers insurers--narrow">
        <h1>Signing You In</h1>
        <div role="status" className="insurers__loading">
          <Spinner label="Checking your referral link" />
        </div>
      </Container>
    );
  }

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
