import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserResponse } from '@healthlink/contracts';
import { siteInfoQuery } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi, type ApiHandler, type ApiReply } from '@healthlink/test-support/api-server';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { setupUser } from '@healthlink/test-support/user';
import { staffAccessKeys } from '../api/staff-access-keys';
import { StaffGate } from '../components/StaffGate';

const member = (role: unknown): UserResponse =>
  ({ id: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', postal_code: null, role }) as UserResponse;

const STAFF_PAGE = <h1>Staff tool</h1>;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderGate(handler: ApiHandler) {
  serveApi({ 'GET /api/user': handler });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(siteInfoQuery.queryKey, TEST_SITE_INFO);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/errors']}>
        <Routes>
          <Route path="/errors" element={<StaffGate>{STAFF_PAGE}</StaffGate>} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const failure: ApiReply = { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Something failed' } };

describe('StaffGate', () => {
  it('says politely that it is checking while the role is read, and shows nothing of the page', async () => {
    const reply = deferredReply();
    renderGate(reply.handler);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…');
    expect(screen.queryByRole('heading', { name: 'Staff tool' })).not.toBeInTheDocument();
    reply.release({ status: 200, body: member('staff') });
    expect(await screen.findByRole('heading', { name: 'Staff tool' })).toBeInTheDocument();
    expect(screen.queryByText('Checking your access…')).not.toBeInTheDocument();
  });

  it.each([
    ['no role (an older server)', undefined],
    ['an unknown role', 'admin'],
    ['a role in other letters', 'STAFF'],
  ])('treats %s as not staff', async (_, role) => {
    renderGate({ status: 200, body: member(role) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff tool' })).not.toBeInTheDocument();
  });

  it('takes the patient back to the dashboard by keyboard', async () => {
    const user = setupUser();
    renderGate({ status: 200, body: member('patient') });
    await screen.findByRole('heading', { name: 'Staff only' });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/app\/dashboard$/);
  });

  it.each([
    ['a server failure', failure],
    ['no connection', 'network-error' as const],
  ])('after %s offers Retry; a second failure says so again, and focus follows each outcome', async (_, firstReply) => {
    const user = setupUser();
    const replies: ApiReply[] = [firstReply, failure, { status: 200, body: member('patient') }];
    renderGate(() => replies.shift() as ApiReply);
    const alert = await screen.findByRole('alert');
    expect(screen.queryByRole('heading', { name: 'Staff tool' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const again = await screen.findByRole('alert');
    expect(again).toHaveTextContent('We could not check your access to this page. Please try again.');
    expect(callsTo('GET /api/user')).toHaveLength(2);
    // The pressed button went away while the read ran: focus is on the outcome, not lost to the page's body.
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toContainElement(again);

    await user.click(within(again).getByRole('button', { name: 'Retry' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Staff only' });
    expect(document.activeElement).toContainElement(heading);
    expect(callsTo('GET /api/user')).toHaveLength(3);
  });

  it('keeps the known answer when a later read fails, and follows a changed role on the next read', async () => {
    const replies: ApiReply[] = [{ status: 200, body: member('staff') }, failure, { status: 200, body: member('patient') }];
    const queryClient = renderGate(() => replies.shift() as ApiReply);
    expect(await screen.findByRole('heading', { name: 'Staff tool' })).toBeInTheDocument();

    await act(() => queryClient.refetchQueries({ queryKey: staffAccessKeys.sessionUser() }));
    expect(screen.getByRole('heading', { name: 'Staff tool' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => queryClient.refetchQueries({ queryKey: staffAccessKeys.sessionUser() }));
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff tool' })).not.toBeInTheDocument();
  });
});
