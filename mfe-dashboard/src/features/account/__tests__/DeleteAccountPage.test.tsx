import { act, screen, waitFor } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { DeleteAccountPage } from '../routes/DeleteAccountPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const location = () => screen.getByTestId('location');

describe('/deleteAccount', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 })));
  afterEach(() => {
    act(() => toast.remove());
    localStorage.clear();
  });

  it('warns, and offers Yes, No and a Back link to the dashboard', async () => {
    serveApi({});
    renderPage(<DeleteAccountPage />, '/deleteAccount');
    expect(screen.getByRole('heading', { level: 1, name: 'Delete Account' })).toBeInTheDocument();
    expect(screen.getByText(AccountScreenTexts.deleteWarning)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app/dashboard');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(location()).toHaveTextContent('/userProfile');
  });

  it('deletes the account on Yes, ends the session and goes to /', async () => {
    const reply = deferredReply();
    serveApi({ 'DELETE /api/users': reply.handler });
    renderPage(<DeleteAccountPage />, '/deleteAccount');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deleting your account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();

    await act(async () => reply.release({ status: 200, body: { message: AccountMessages.accountDeleted } }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(callsTo('DELETE /api/users')).toHaveLength(1);
  });

  it('keeps the session and says so when the deletion fails', async () => {
    serveApi({ 'DELETE /api/users': { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Unexpected error' } } });
    renderPage(<DeleteAccountPage />, '/deleteAccount');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(AccountScreenTexts.deleteFailure)).toHaveAttribute('role', 'alert');
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(location()).toHaveTextContent('/deleteAccount');
  });
});
