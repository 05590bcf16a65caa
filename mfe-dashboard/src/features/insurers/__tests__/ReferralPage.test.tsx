import { screen, waitFor } from '@testing-library/react';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, mockApi } from '@healthlink/test-support/fetch-mock';
import { renderPage } from '@healthlink/test-support/render-page';
import { ReferralPage } from '../routes/ReferralPage';

const EXCHANGE = 'GET /api/externalEnrollment/exchangeReferralCodeForToken/';
const location = () => screen.getByTestId('location');
const renderReferral = (query: string) => renderPage(<ReferralPage />, `/authenticateReferral?${query}`, { routePath: '/authenticateReferral' });

describe('/authenticateReferral', () => {
  afterEach(() => localStorage.clear());

  it('trades the code for a session, sending no old token, then goes to insurance selection', async () => {
    const token = buildUnsignedToken({ sub: 'u-9', exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem(TOKEN_KEY, 'an-old-token');
    const reply = deferredReply();
    const fetchMock = mockApi({ [`${EXCHANGE}ref-123`]: reply.handler });
    renderReferral('code=ref-123&partner=acme');

    expect(screen.getByRole('heading', { level: 1, name: 'Signing You In' })).toBeInTheDocument();
    expect(screen.getByText('Checking your referral link')).toBeInTheDocument();
    reply.release({ status: 200, body: { token, created: true } });

    await waitFor(() => expect(location()).toHaveTextContent(/^\/insuranceSelect$/));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    const calls = callsTo(fetchMock, `${EXCHANGE}ref-123`);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers).not.toHaveProperty('Authorization');
  });

  it("shows the failure with the server's reason and links home and to sign up when the code is refused", async () => {
    mockApi({ [`${EXCHANGE}used-code`]: { status: 400, body: { code: 'INSURERS.REFERRAL_INVALID', message: 'Referral code invalid, expired, or already used' } } });
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

  it('shows only the general failure when the server cannot be reached', async () => {
    mockApi({ [`${EXCHANGE}ref-1`]: 'network-error' });
    renderReferral('code=ref-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^An error occurred redirecting you to the product\. Please try again later\.$/);
  });

  it('calls nothing without a code and says the link is not valid', () => {
    const fetchMock = mockApi({});
    renderReferral('partner=acme');
    expect(screen.getByRole('alert')).toHaveTextContent('Referral code invalid, expired, or already used');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
