import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { InsurerLinkMessages, type InsurerLinkSummary, type InsurerLinksResponse } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi, type ApiCall, type ApiHandler, type ApiReply } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { LinkedInsurers } from '../components/LinkedInsurers';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const LINKS = 'GET /api/insurerDataFetch/links';
const UNLINK_UHC = 'DELETE /api/insurerDataFetch/links/uhc';

const uhc: InsurerLinkSummary = {
  insurer: 'uhc',
  name: 'UnitedHealthcare',
  status: 'active',
  linkedAt: '2026-03-01T10:00:00.000Z',
  lastSyncedAt: '2026-11-20T15:00:00.000Z',
};
const humana: InsurerLinkSummary = {
  insurer: 'humana',
  name: 'Humana',
  status: 'relink_required',
  linkedAt: '2026-04-01T10:00:00.000Z',
  lastSyncedAt: null,
};
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

/** The links endpoint answers `first`, then `after` once an unlink went through. */
function mockLinks(first: InsurerLinkSummary[], extra: Record<string, ApiHandler> = {}, after: InsurerLinkSummary[] = first) {
  let unlinked = false;
  const recordingSuccess = ([key, handler]: [string, ApiHandler]) => [
    key,
    async (call: ApiCall): Promise<ApiReply> => {
      const reply = typeof handler === 'function' ? await handler(call) : handler;
      if (reply !== 'network-error' && reply.status === 200) unlinked = true;
      return reply;
    },
  ];
  serveApi({
    [LINKS]: () => ({ status: 200, body: { links: unlinked ? after : first } satisfies InsurerLinksResponse }),
    ...Object.fromEntries(Object.entries(extra).map(recordingSuccess)),
  });
}

const item = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('Linked insurers on the profile', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 })));
  afterEach(() => localStorage.clear());

  it('lists each insurer with when its data was last updated, and asks to link again where the insurer wants it', async () => {
    mockLinks([uhc, humana]);
    renderPage(<LinkedInsurers />, '/userProfile');
    await screen.findByRole('heading', { level: 3, name: 'UnitedHealthcare' });
    expect(within(item('UnitedHealthcare')).getByText(`Last updated ${longDate(uhc.lastSyncedAt!)}`)).toBeInTheDocument();
    expect(within(item('UnitedHealthcare')).queryByRole('link', { name: /again/ })).not.toBeInTheDocument();

    const relinking = item('Humana');
    expect(within(relinking).getByText('Not updated yet')).toBeInTheDocument();
    // Said in words, not by colour alone.
    expect(relinking).toHaveTextContent('Sign in again: Humana needs you to sign in again before we can update your data.');
    expect(within(relinking).getByRole('link', { name: 'Link Humana again' })).toHaveAttribute('href', '/insuranceSelect');

    expect(screen.getByRole('button', { name: 'Unlink UnitedHealthcare' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink Humana' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link another insurer' })).toHaveAttribute('href', '/insuranceSelect');
  });

  it('offers to link an insurer when none is linked', async () => {
    mockLinks([]);
    renderPage(<LinkedInsurers />, '/userProfile');
    expect(await screen.findByText(/You have not linked an insurer yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Link Insurance Company' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/insuranceSelect');
  });

  it('says when the list cannot be loaded, and Retry asks again', async () => {
    let fail = true;
    serveApi({
      [LINKS]: () =>
        fail ? { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'x' } } : { status: 200, body: { links: [uhc] } },
    });
    renderPage(<LinkedInsurers />, '/userProfile');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your linked insurers. Please try again later.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'UnitedHealthcare' })).toBeInTheDocument();
  });

  it('asks before unlinking in a dialog that names the insurer and keeps the keyboard inside; Escape closes it', async () => {
    mockLinks([uhc, humana]);
    renderPage(<LinkedInsurers />, '/userProfile');
    const unlink = await screen.findByRole('button', { name: 'Unlink UnitedHealthcare' });
    unlink.focus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Unlink UnitedHealthcare?' });
    expect(dialog).toHaveTextContent(
      'We will end our access at UnitedHealthcare and delete the claims, prescriptions, diagnoses and other data we got from UnitedHealthcare from our service.',
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(unlink).toHaveFocus();
    expect(callsTo(UNLINK_UHC)).toHaveLength(0);
  });

  it('unlinks on confirmation: the insurer leaves the list and the outcome is said and focused', async () => {
    const reply = deferredReply();
    mockLinks([uhc, humana], { [UNLINK_UHC]: reply.handler }, [humana]);
    renderPage(<LinkedInsurers />, '/userProfile');
    await user.click(await screen.findByRole('button', { name: 'Unlink UnitedHealthcare' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlink UnitedHealthcare' }));
    expect(within(screen.getByRole('dialog')).getByText('Unlinking UnitedHealthcare')).toBeInTheDocument();
    // While it runs, Escape does not walk away from it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    const message = InsurerLinkMessages.unlinked('UnitedHealthcare');
    await act(async () => reply.release({ status: 200, body: { message, revokedAtInsurer: true } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const outcome = screen.getByText(message);
    expect(outcome).toHaveAttribute('role', 'status');
    expect(outcome).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'UnitedHealthcare' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 3, name: 'Humana' })).toBeInTheDocument();
    expect(callsTo(UNLINK_UHC)).toHaveLength(1);
  });

  it('says so when our copy was deleted but the insurer could not end the grant', async () => {
    const message = InsurerLinkMessages.unlinkedNotRevoked('UnitedHealthcare');
    mockLinks([uhc], { [UNLINK_UHC]: { status: 200, body: { message, revokedAtInsurer: false } } }, []);
    renderPage(<LinkedInsurers />, '/userProfile');
    await user.click(await screen.findByRole('button', { name: 'Unlink UnitedHealthcare' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlink UnitedHealthcare' }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('link', { name: 'Link Insurance Company' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when unlinking fails, so the member can try again or cancel', async () => {
    let status = 500;
    const message = InsurerLinkMessages.unlinked('UnitedHealthcare');
    mockLinks(
      [uhc],
      {
        [UNLINK_UHC]: () =>
          status === 200
            ? { status, body: { message, revokedAtInsurer: true } }
            : { status, body: { code: 'INTERNAL.UNEXPECTED', message: 'x' } },
      },
      [],
    );
    renderPage(<LinkedInsurers />, '/userProfile');
    await user.click(await screen.findByRole('button', { name: 'Unlink UnitedHealthcare' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink UnitedHealthcare?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink UnitedHealthcare' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We could not unlink UnitedHealthcare right now. Please try again later.',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'UnitedHealthcare' })).toBeInTheDocument();

    status = 200;
    await user.click(within(dialog).getByRole('button', { name: 'Unlink UnitedHealthcare' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(UNLINK_UHC)).toHaveLength(2);
  });

  it('treats an insurer unlinked meanwhile as done', async () => {
    const notLinked = { code: 'INSURERS.LINK_NOT_FOUND', message: 'This insurer is not linked to your account.' };
    mockLinks([uhc], { [UNLINK_UHC]: { status: 404, body: notLinked } });
    renderPage(<LinkedInsurers />, '/userProfile');
    await user.click(await screen.findByRole('button', { name: 'Unlink UnitedHealthcare' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlink UnitedHealthcare' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(notLinked.message)).toHaveAttribute('role', 'status');
  });
});
