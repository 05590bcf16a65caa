import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { INSURER_CATALOGUE, type CheckTokenResponse } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { allCalls, callsTo, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { redirectTo } from '../lib/redirect';
import { InsuranceSelectPage } from '../routes/InsuranceSelectPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

jest.mock('../lib/redirect', () => ({ redirectTo: jest.fn() }));
const redirect = redirectTo as jest.MockedFunction<typeof redirectTo>;

const CHECK_TOKEN = 'POST /api/insurerDataFetch/checkToken';
const REQUEST = 'POST /api/brokerForms/insuranceAddRequest';

function mockInsurersApi(linked: CheckTokenResponse = {}, extra: Record<string, ApiHandler> = {}) {
  return serveApi({
    [CHECK_TOKEN]: ({ body }) => {
      const { insurers } = body as { insurers: string[] };
      return { status: 200, body: Object.fromEntries(insurers.map((key) => [key, linked[key] === true])) };
    },
    ...extra,
  });
}

async function renderSelect() {
  renderPage(<InsuranceSelectPage />, '/insuranceSelect');
  await waitFor(() => expect(screen.queryByText('Loading insurers')).not.toBeInTheDocument());
}

/** The names of the entries shown in a section, in order. */
const namesIn = (heading: string) =>
  within(screen.getByRole('region', { name: heading }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('button').textContent);
const shownNames = () =>
  screen
    .queryAllByRole('listitem')
    .map((item) => within(item).queryByRole('button')?.textContent)
    .filter(Boolean);
const search = (text: string) => replaceText(user, screen.getByRole('searchbox', { name: /Search insurers/ }), text);
const sandboxToggle = () => screen.getByRole('switch', { name: 'Show sandbox insurers' });

describe('/insuranceSelect', () => {
  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    redirect.mockReset();
  });
  afterEach(() => {
    act(() => toast.remove());
    localStorage.clear();
  });

  it('explains the three steps and asks the server which insurers are linked, each key once', async () => {
    mockInsurersApi();
    await renderSelect();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Insurance Company' })).toBeInTheDocument();
    const guide = screen.getByRole('region', { name: 'How linking works' });
    const steps = within(guide).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('Pick your insurer');
    expect(steps[1]).toHaveTextContent('Log in with your insurance card ready');
    expect(steps[2]).toHaveTextContent(/60 seconds/);
    const [{ body }] = callsTo(CHECK_TOKEN);
    const keys = (body as { insurers: string[] }).insurers;
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['uhc', 'blueButtonSandbox', 'cignaSandbox', 'kaiser']));
    expect(keys).toHaveLength(15);
  });

  it('lists the linked insurers first, under Linked, then the others; sandbox entries only when asked for', async () => {
    mockInsurersApi({ aetna: true, humana: true, uhcSandbox: true });
    await renderSelect();
    expect(namesIn('Linked')).toEqual(['Aetna', 'Humana']);
    const others = namesIn('Other Insurers');
    expect(others).not.toContain('Aetna');
    expect(others).toContain('UnitedHealthcare');
    expect(shownNames()).not.toContain('UnitedHealthcare Sandbox');
    expect(screen.getByRole('button', { name: 'Aetna' })).toHaveAccessibleDescription('Linked');

    await user.click(sandboxToggle());
    expect(sandboxToggle()).toBeChecked();
    expect(namesIn('Linked')).toEqual(['UnitedHealthcare Sandbox', 'Aetna', 'Humana']);
    expect(namesIn('Other Insurers')).toContain('Medicare (Blue Button 2.0) Sandbox');

    await user.click(sandboxToggle());
    expect(shownNames().some((name) => name?.includes('Sandbox'))).toBe(false);
  });

  it('draws each logo as a monogram named by the entry alt text', async () => {
    mockInsurersApi();
    await renderSelect();
    const kaiser = screen.getByRole('img', { name: 'Kaiser Permanente logo' });
    expect(kaiser).toHaveTextContent('KP');
    expect(screen.getAllByRole('img')).toHaveLength(INSURER_CATALOGUE.filter((e) => !e.sandbox).length);
  });

  it.each([
    ['a name, in any case', 'kAiSeR pErM', ['Kaiser Permanente']],
    ['an insurer key', 'BLUEBUTTON', ['Medicare (Blue Button 2.0)']],
    ['an alt tag', 'evernorth', ['Cigna Healthcare']],
    ['a brand in the alt tags', 'CenterWell', ['Humana']],
    ['an alt tag of entries sharing a key', 'united', ['UnitedHealthcare', 'Rocky Mountain Health Plans', 'Sierra Health and Life']],
  ])('searches by %s', async (_what, text, expected) => {
    mockInsurersApi();
    await renderSelect();
    await search(text);
    expect(shownNames()).toEqual(expected);
    expect(screen.getByText(`${expected.length} ${expected.length === 1 ? 'insurer' : 'insurers'} shown`)).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('searches the sandbox entries too once they are shown', async () => {
    mockInsurersApi();
    await renderSelect();
    await search('blue button');
    expect(shownNames()).toEqual(['Medicare (Blue Button 2.0)']);
    await user.click(sandboxToggle());
    expect(shownNames()).toEqual(['Medicare (Blue Button 2.0)', 'Medicare (Blue Button 2.0) Sandbox']);
  });

  it('says when nothing matches and offers the request form with the search text', async () => {
    mockInsurersApi();
    await renderSelect();
    await search('Zenith Mutual');
    expect(shownNames()).toEqual([]);
    expect(screen.getByText('No insurers match “Zenith Mutual”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request this insurer' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a New Insurer' });
    expect(within(dialog).getByLabelText('Insurer Name')).toHaveValue('Zenith Mutual');
  });

  it('points at the toggle when only sandbox insurers match', async () => {
    mockInsurersApi();
    await renderSelect();
    await search('test');
    expect(screen.getByText(/turn on Show sandbox insurers/)).toBeInTheDocument();
  });

  it('sends the user to the insurer login page at once for an insurer without an associated one', async () => {
    mockInsurersApi(
      {},
      {
        'GET /api/insurerDataFetch/aetnaFetch/oauth2/authorize': {
          status: 200,
          body: { link: 'https://insurer.example/authorize?state=s1' },
        },
      },
    );
    await renderSelect();
    await user.click(screen.getByRole('button', { name: 'Aetna' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://insurer.example/authorize?state=s1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('GET /api/insurerDataFetch/aetnaFetch/oauth2/authorize')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Humana' })).toBeDisabled();
  });

  it('asks for the subset of an entry that shares its insurer key', async () => {
    mockInsurersApi(
      {},
      { 'GET /api/insurerDataFetch/uhcFetch/uhc/oauth2/authorize': { status: 200, body: { link: 'https://uhc.example/a' } } },
    );
    await renderSelect();
    await user.click(screen.getByRole('button', { name: 'UnitedHealthcare' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://uhc.example/a'));
    expect(callsTo('GET /api/insurerDataFetch/uhcFetch/uhc/oauth2/authorize')).toHaveLength(1);
  });

  it('explains first, in a modal, that members of an associated insurer log in at that insurer', async () => {
    const path = 'GET /api/insurerDataFetch/uhcFetch/rockyMountain/oauth2/authorize';
    mockInsurersApi({}, { [path]: { status: 200, body: { link: 'https://uhc.example/rmhp' } } });
    await renderSelect();
    const entry = screen.getByRole('button', { name: 'Rocky Mountain Health Plans' });
    expect(entry).toHaveAccessibleDescription('Log in through UnitedHealthcare');

    await user.click(entry);
    let dialog = screen.getByRole('dialog', { name: 'Log in with UnitedHealthcare' });
    expect(dialog).toHaveTextContent('Rocky Mountain Health Plans members log in through UnitedHealthcare');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(path)).toHaveLength(0);

    await user.click(entry);
    dialog = screen.getByRole('dialog', { name: 'Log in with UnitedHealthcare' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://uhc.example/rmhp'));
    expect(callsTo(path)).toHaveLength(1);
  });

  it('toasts the redirect failure when the login link cannot be had', async () => {
    mockInsurersApi(
      {},
      {
        'GET /api/insurerDataFetch/humanaFetch/oauth2/authorize': {
          status: 500,
          body: { code: 'INTERNAL.UNEXPECTED', message: 'Unexpected error' },
        },
      },
    );
    await renderSelect();
    await user.click(screen.getByRole('button', { name: 'Humana' }));
    expect(await screen.findByText('There was an error redirecting. Please try again later.')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Humana' })).toBeEnabled();
  });

  it("says so in the server's words when the insurer's sign-in cannot be found (SMART discovery failed)", async () => {
    const message = "We could not reach Humana's sign-in right now. Please try again later.";
    mockInsurersApi(
      {},
      { 'GET /api/insurerDataFetch/humanaFetch/oauth2/authorize': { status: 502, body: { code: 'INSURERS.DISCOVERY_FAILED', message } } },
    );
    await renderSelect();
    await user.click(screen.getByRole('button', { name: 'Humana' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('opens the request form, filled in with its name, for an insurer that is coming soon', async () => {
    mockInsurersApi();
    await renderSelect();
    const molina = screen.getByRole('button', { name: 'Molina Healthcare' });
    expect(molina).toHaveAccessibleDescription('Coming soon');
    await user.click(molina);
    const dialog = screen.getByRole('dialog', { name: 'Request a New Insurer' });
    expect(within(dialog).getByLabelText('Insurer Name')).toHaveValue('Molina Healthcare');
    expect(allCalls().filter((call) => call.path.includes('authorize'))).toHaveLength(0);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('checks the request form before sending, then sends the name and e-mail and shows the answer', async () => {
    mockInsurersApi({}, { [REQUEST]: { status: 201, body: { message: 'Request received' } } });
    await renderSelect();
    await user.click(screen.getByRole('button', { name: 'Request a new insurer' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a New Insurer' });
    const name = within(dialog).getByLabelText('Insurer Name');
    const email = within(dialog).getByLabelText('Email');
    expect(name).toBeRequired();
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    await send();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the insurer name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await replaceText(user, name, '  Zenith Mutual ');
    await send();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await replaceText(user, email, 'jane@example');
    await send();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(callsTo(REQUEST)).toHaveLength(0);

    await replaceText(user, email, 'jane@example.com');
    await send();
    expect(await within(dialog).findByText('Request received')).toBeInTheDocument();
    expect(callsTo(REQUEST).map((c) => c.body)).toEqual([{ insurerName: 'Zenith Mutual', email: 'jane@example.com' }]);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's field message when it refuses the request", async () => {
    mockInsurersApi(
      {},
      {
        [REQUEST]: {
          status: 400,
          body: {
            code: 'INSURERS.VALIDATION',
            message: 'Please enter a valid email address',
            errors: [{ field: 'email', message: 'Please enter a valid email address' }],
          },
        },
      },
    );
    await renderSelect();
    await user.click(screen.getByRole('button', { name: 'Request a new insurer' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a New Insurer' });
    await replaceText(user, within(dialog).getByLabelText('Insurer Name'), 'Zenith');
    await replaceText(user, within(dialog).getByLabelText('Email'), 'jane@example.co');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('still lists every insurer, with the error, when the linked ones cannot be loaded', async () => {
    serveApi({ [CHECK_TOKEN]: 'network-error' });
    await renderSelect();
    expect(screen.getByRole('alert')).toHaveTextContent('There was an error loading insurers. Please try again later.');
    expect(screen.queryByRole('region', { name: 'Linked' })).not.toBeInTheDocument();
    expect(namesIn('Insurers')).toContain('Aetna');
  });
});
