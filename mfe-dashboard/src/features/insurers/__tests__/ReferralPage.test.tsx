import { act, screen, waitFor } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { buildUnsignedToken, SIGN_IN_REQUEST_EVENT, startSession, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi, allCalls } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { ReferralPage } from '../routes/ReferralPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const EXCHANGE = 'GET /api/externalEnrollment/exchangeReferralCodeForToken/';
const ATTACH = 'POST /api/externalEnrollment/attachReferral';
const SIGN_IN_ASK = 'You already have an account with this email address. Please sign in to continue.';
const SIGN_IN_REQUIRED = { status: 409, body: { code: 'INSURERS.REFERRAL_SIGN_IN_REQUIRED', message: SIGN_IN_ASK } };
const freshToken = () => buildUnsignedToken({ sub: 'u-7', exp: Math.floor(Date.now() / 1000) + 3600 });
const location = () => screen.getByTestId('location');
const renderReferral = (query: string) =>
  renderPage(<ReferralPage />, `/authenticateReferral?${query}`, { routePath: '/authenticateReferral' });

describe('/authenticateReferral', () => {
  afterEach(() => localStorage.clear());

  it('trades the code for a session, sending no old token, then goes to insurance selection', async () => {
    const token = buildUnsignedToken({ sub: 'u-9', exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem(TOKEN_KEY, 'an-old-token');
    const reply = deferredReply();
    serveApi({ [`${EXCHANGE}ref-123`]: reply.handler });
    renderReferral('code=ref-123&partner=acme');

    expect(screen.getByRole('heading', { level: 1, name: 'Signing You In' })).toBeInTheDocument();
    expect(screen.getByText('Checking your referral link')).toBeInTheDocument();
    reply.release({ status: 200, body: { token, created: true } });

    await waitFor(() => expect(location()).toHaveTextContent(/^\/insuranceSelect$/));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    const calls = callsTo(`${EXCHANGE}ref-123`);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers).not.toHaveProperty('Authorization');
  });

  it("shows the failure with the server's reason and links home and to sign up when the code is refused", async () => {
    serveApi({
      [`${EXCHANGE}used-code`]: {
        status: 400,
        body: { code: 'INSURERS.REFERRAL_INVALID', message: 'Referral code invalid, expired, or already used' },
      },
    });
    renderReferral('code=used-code&partner=acme');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred redirecting you to the product. Please try again later.');
    expect(alert).toHaveTextContent('Referral code invalid, expired, or already used');
    expect(screen.getByRole('heading', { level: 1, name: 'We Could Not Sign You In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(location()).toHaveTextContent('/authenticateReferral');
  });

  it('asks a person who already has an account to sign in, keeps no token, then adds the referral to their account', async () => {
    serveApi({
      [`${EXCHANGE}ref-old`]: SIGN_IN_REQUIRED,
      [ATTACH]: { status: 200, body: { message: 'Referral added to your account', partner: 'acme' } },
    });
    const asked = jest.fn();
    window.addEventListener(SIGN_IN_REQUEST_EVENT, asked);
    renderReferral('code=ref-old&partner=acme');

    expect(await screen.findByRole('heading', { level: 1, name: 'Please Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SIGN_IN_ASK);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(location()).toHaveTextContent('/authenticateReferral');
    expect(callsTo(ATTACH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(asked).toHaveBeenCalledTimes(1);
    window.removeEventListener(SIGN_IN_REQUEST_EVENT, asked);

    // The shell's sign-in modal signs the person in; the page carries on.
    act(() => startSession(freshToken()));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/insuranceSelect$/));
    const attached = callsTo(ATTACH);
    expect(attached).toHaveLength(1);
    expect(attached[0].body).toEqual({ code: 'ref-old' });
    expect(attached[0].headers).toHaveProperty('authorization');
    expect(callsTo(`${EXCHANGE}ref-old`)).toHaveLength(1);
  });

  it('says so when the signed-in account is not the one the referral was made for', async () => {
    localStorage.setItem(TOKEN_KEY, freshToken());
    serveApi({
      [`${EXCHANGE}ref-other`]: SIGN_IN_REQUIRED,
      [ATTACH]: {
        status: 403,
        body: {
          code: 'INSURERS.REFERRAL_OTHER_ACCOUNT',
          message: 'This referral was made for a different email address. Please sign in with that address to use it.',
        },
      },
    });
    renderReferral('code=ref-other');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This referral was made for a different email address.');
    expect(location()).toHaveTextContent('/authenticateReferral');
  });

  it('shows only the general failure when the server cannot be reached', async () => {
    serveApi({ [`${EXCHANGE}ref-1`]: 'network-error' });
    renderReferral('code=ref-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^An error occurred redirecting you to the product\. Please try again later\.$/);
  });

  it('calls nothing without a code and says the link is not valid', () => {
    serveApi({});
    renderReferral('partner=acme');
    expect(screen.getByRole('alert')).toHaveTextContent('Referral code invalid, expired, or already used');
    expect(allCalls()).toHaveLength(0);
  });
});
