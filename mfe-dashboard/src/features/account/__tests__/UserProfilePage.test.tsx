import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts, type AccountRecord, type PatientInfoEntry } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { UserProfilePage } from '../routes/UserProfilePage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const entry = (overrides: Partial<PatientInfoEntry> = {}): PatientInfoEntry => ({
  email: 'jane@example.com',
  phone_number: '5550100',
  first_name: 'Jane',
  last_name: 'Doe',
  street_address: '1 Main St',
  city: 'Springfield',
  district: null,
  state: 'IL',
  postal_code: '62701',
  birthdate: '1950-04-02',
  gender: 'Female',
  ...overrides,
});

const account = (overrides: Partial<AccountRecord> = {}): AccountRecord => ({
  email: 'jane@example.com',
  phone_number: null,
  firstName: 'Janet',
  lastName: 'Roe',
  address1: '9 Elm Rd',
  city: 'Shelbyville',
  district: null,
  state: null,
  postalCode: '90210',
  birthdate: null,
  gender: null,
  ...overrides,
});

function mockProfileApi(extra: Record<string, ApiHandler> = {}, entries: PatientInfoEntry[] = [entry()]) {
  return serveApi({
    'GET /api/user': {
      status: 200,
      body: { id: 'u-1', email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', postal_code: '62701' },
    },
    'GET /api/patientInfo': { status: 200, body: { patientInfoEntry: entries, account: account() } },
    ...extra,
  });
}

async function renderProfile() {
  renderPage(<UserProfilePage />, '/userProfile');
  const form = (await screen.findByRole('textbox', { name: 'First Name' })).closest('form') as HTMLFormElement;
  return form;
}

const change = (form: HTMLElement, label: string, value: string) => replaceText(user, within(form).getByLabelText(label), value);
const save = (form: HTMLElement) => user.click(within(form).getByRole('button', { name: 'Save' }));

describe('/userProfile: profile', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 })));
  afterEach(() => {
    act(() => toast.remove());
    localStorage.clear();
  });

  it('welcomes the user by first name, with a Back button to the dashboard and named forms', async () => {
    mockProfileApi();
    renderPage(<UserProfilePage />, '/userProfile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(await screen.findByRole('form', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('fills the form from the first patient-info entry', async () => {
    mockProfileApi();
    const form = await renderProfile();
    expect(within(form).getByLabelText('Street Address')).toHaveValue('1 Main St');
    expect(within(form).getByLabelText('Birthdate')).toHaveValue('1950-04-02');
    expect(within(form).getByLabelText('District')).toHaveValue('');
  });

  it('fills the form from the account record when there is no entry', async () => {
    mockProfileApi({}, []);
    const form = await renderProfile();
    expect(within(form).getByLabelText('First Name')).toHaveValue('Janet');
    expect(within(form).getByLabelText('Last Name')).toHaveValue('Roe');
    expect(within(form).getByLabelText('Street Address')).toHaveValue('9 Elm Rd');
    expect(within(form).getByLabelText('Postal Code')).toHaveValue('90210');
  });

  it('sends only the changed fields (a cleared optional one as null), toasts the answer, then has nothing left to send', async () => {
    mockProfileApi({ 'PUT /api/updateUserProfile': { status: 200, body: { message: AccountMessages.profileUpdated } } });
    const form = await renderProfile();
    await change(form, 'City', ' Boston ');
    await change(form, 'Phone Number', '');
    await save(form);

    expect(await screen.findByText(AccountMessages.profileUpdated)).toBeInTheDocument();
    expect(callsTo('PUT /api/updateUserProfile').map((c) => c.body)).toEqual([{ city: 'Boston', phone_number: null }]);

    await save(form);
    expect(within(form).getByRole('status')).toHaveTextContent('There are no changes to save.');
    expect(callsTo('PUT /api/updateUserProfile')).toHaveLength(1);
  });

  it('sends nothing when nothing changed, including an e-mail typed in other case', async () => {
    mockProfileApi();
    const form = await renderProfile();
    await change(form, 'Email', 'Jane@Example.com');
    await save(form);
    expect(within(form).getByRole('status')).toHaveTextContent('There are no changes to save.');
    expect(callsTo('PUT /api/updateUserProfile')).toHaveLength(0);
  });

  it.each([
    ['First Name', '', AccountMessages.requiredField],
    ['Email', 'jane@example', AccountMessages.invalidEmail],
  ])('checks %s = %p before sending: "%s"', async (label, value, message) => {
    mockProfileApi();
    const form = await renderProfile();
    await change(form, label, value);
    await save(form);
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
    expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT /api/updateUserProfile')).toHaveLength(0);
  });

  it('shows "This email is already taken." when the new e-mail belongs to another account', async () => {
    mockProfileApi({ 'PUT /api/updateUserProfile': { status: 409, body: { code: 'AUTH.USER_EXISTS', message: 'User already exists' } } });
    const form = await renderProfile();
    await change(form, 'Email', 'taken@example.com');
    await change(form, 'Current Password', 'Harbor-Lantern-74');
    await save(form);
    expect(await within(form).findByText(AccountScreenTexts.emailTaken)).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  describe('changing the sign-in e-mail', () => {
    const saved = { 'PUT /api/updateUserProfile': { status: 200, body: { message: AccountMessages.profileUpdated } } };

    it('asks for the current password only when the e-mail changed, and sends it with the change', async () => {
      mockProfileApi(saved);
      const form = await renderProfile();
      expect(within(form).queryByLabelText('Current Password')).not.toBeInTheDocument();
      await change(form, 'Email', 'Jane.New@Example.com');
      const password = within(form).getByLabelText('Current Password');
      expect(password).toHaveAttribute('type', 'password');
      expect(password).toHaveAccessibleDescription('Needed to change the email you sign in with.');

      await save(form);
      expect(within(form).getByRole('alert')).toHaveTextContent(AccountMessages.currentPasswordForEmail);
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo('PUT /api/updateUserProfile')).toHaveLength(0);

      await change(form, 'Current Password', 'Harbor-Lantern-74');
      await save(form);
      expect(await screen.findByText(AccountMessages.profileUpdated)).toBeInTheDocument();
      expect(callsTo('PUT /api/updateUserProfile').map((c) => c.body)).toEqual([
        { email: 'jane.new@example.com', currentPassword: 'Harbor-Lantern-74' },
      ]);
      expect(within(form).queryByLabelText('Current Password')).not.toBeInTheDocument();
    });

    it('after the password, asks for the code sent to the new address and sends it; a wrong code shows at its field', async () => {
      const codeSent = { message: AccountMessages.emailCodeSent, pendingEmail: 'jane.new@example.com' };
      const wrongCode = {
        code: 'ACCOUNTS.EMAIL_CODE_DOES_NOT_MATCH',
        message: AccountMessages.codeDoesNotMatch,
        errors: [{ field: 'emailCode', message: AccountMessages.codeDoesNotMatch }],
      };
      mockProfileApi({
        'PUT /api/updateUserProfile': ({ body }) => {
          const { emailCode } = body as { emailCode?: string };
          if (!emailCode) return { status: 200, body: codeSent };
          if (emailCode !== 'ABCD2345') return { status: 400, body: wrongCode };
          return { status: 200, body: { message: AccountMessages.profileUpdated } };
        },
      });
      const form = await renderProfile();
      await change(form, 'Email', 'Jane.New@Example.com');
      await change(form, 'City', 'Boston');
      await change(form, 'Current Password', 'Harbor-Lantern-74');
      await save(form);
      expect(await screen.findByText(AccountMessages.emailCodeSent)).toBeInTheDocument();
      const code = within(form).getByLabelText('Email Code');
      expect(code).toHaveAccessibleDescription('Enter the code we sent to jane.new@example.com. It works for 10 minutes.');
      expect(within(form).queryByLabelText('Current Password')).not.toBeInTheDocument();
      expect(within(form).getByLabelText('Email')).toHaveValue('Jane.New@Example.com');

      await save(form);
      expect(within(form).getByRole('alert')).toHaveTextContent(AccountMessages.requiredField);
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo('PUT /api/updateUserProfile')).toHaveLength(1);

      await change(form, 'Email Code', 'WRONG999');
      await save(form);
      expect(await within(form).findByText(AccountScreenTexts.incorrectCode)).toBeInTheDocument();
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(code).toHaveAccessibleDescription(expect.stringContaining(AccountScreenTexts.incorrectCode));

      await change(form, 'Email Code', ' ABCD2345 ');
      await save(form);
      expect(await screen.findByText(AccountMessages.profileUpdated)).toBeInTheDocument();
      expect(callsTo('PUT /api/updateUserProfile').map((c) => c.body)).toEqual([
        { email: 'jane.new@example.com', city: 'Boston', currentPassword: 'Harbor-Lantern-74' },
        { email: 'jane.new@example.com', emailCode: 'WRONG999' },
        { email: 'jane.new@example.com', emailCode: 'ABCD2345' },
      ]);
      expect(within(form).queryByLabelText('Email Code')).not.toBeInTheDocument();
    });

    it('does not send the password with other changes', async () => {
      mockProfileApi(saved);
      const form = await renderProfile();
      await change(form, 'City', 'Boston');
      await save(form);
      expect(await screen.findByText(AccountMessages.profileUpdated)).toBeInTheDocument();
      expect(callsTo('PUT /api/updateUserProfile').map((c) => c.body)).toEqual([{ city: 'Boston' }]);
    });

    it('shows a wrong current password at its field', async () => {
      mockProfileApi({
        'PUT /api/updateUserProfile': {
          status: 400,
          body: {
            code: 'ACCOUNTS.WRONG_CURRENT_PASSWORD',
            message: 'Invalid credentials',
            errors: [{ field: 'currentPassword', message: 'Invalid credentials' }],
          },
        },
      });
      const form = await renderProfile();
      await change(form, 'Email', 'jane.new@example.com');
      await change(form, 'Current Password', 'Wrong-Password-99');
      await save(form);
      expect(await within(form).findByText(AccountScreenTexts.invalidCredentials)).toBeInTheDocument();
      const password = within(form).getByLabelText('Current Password');
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAccessibleDescription(expect.stringContaining(AccountScreenTexts.invalidCredentials));
      expect(within(form).getByLabelText('Email')).toHaveValue('jane.new@example.com');
    });
  });

  it('shows the generic failure when the save fails', async () => {
    mockProfileApi({ 'PUT /api/updateUserProfile': 'network-error' });
    const form = await renderProfile();
    await change(form, 'City', 'Boston');
    await save(form);
    expect(await within(form).findByText(AccountScreenTexts.profileSaveFailure)).toBeInTheDocument();
  });

  it('ends the session when the server says it is over (401)', async () => {
    serveApi({
      'GET /api/user': { status: 401, body: { code: 'AUTH.UNAUTHORIZED', message: 'Unauthorized' } },
      'GET /api/patientInfo': { status: 401 },
    });
    renderPage(<UserProfilePage />, '/userProfile');
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('shows the linked insurers the route table composes in, under their own heading before the deletion block', async () => {
    mockProfileApi();
    renderPage(<UserProfilePage linkedInsurers={<p>The insurers feature's list</p>} />, '/userProfile');
    const section = await screen.findByRole('region', { name: 'Linked insurers' });
    expect(within(section).getByText("The insurers feature's list")).toBeInTheDocument();
    const deletion = screen.getByRole('region', { name: 'Delete Account' });
    expect(section.compareDocumentPosition(deletion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no linked-insurers section when none is composed in', async () => {
    mockProfileApi();
    renderPage(<UserProfilePage />, '/userProfile');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane' });
    expect(screen.queryByRole('region', { name: 'Linked insurers' })).not.toBeInTheDocument();
  });

  it('warns before account deletion and links to /deleteAccount', async () => {
    mockProfileApi();
    renderPage(<UserProfilePage />, '/userProfile');
    const block = screen.getByRole('region', { name: 'Delete Account' });
    expect(block).toHaveTextContent(AccountScreenTexts.deleteWarning);
    expect(within(block).getByRole('link', { name: 'Yes, delete my account' })).toHaveAttribute('href', '/deleteAccount');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane' });
  });
});
