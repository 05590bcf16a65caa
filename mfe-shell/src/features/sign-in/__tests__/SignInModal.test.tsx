import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts } from '@healthlink/contracts';
import { buildUnsignedToken, requestSignIn, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi } from '@healthlink/test-support/api-server';
import { renderShell } from '../../../test/render-shell';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const sessionToken = () => buildUnsignedToken({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 3600 });
const GOOD_PASSWORD = 'Str0ng!passw0rd';

async function openSignIn(path = '/') {
  renderShell(path);
  await screen.findByRole('heading', { level: 1 });
  const login = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Login' });
  await user.click(login);
  // The modal's code is loaded on the first Login press.
  return screen.findByRole('dialog', { name: 'Sign In' });
}

async function fill(dialog: HTMLElement, label: string, value: string) {
  await replaceText(user, within(dialog).getByLabelText(label), value);
}

const location = () => screen.getByTestId('location').textContent;

describe('sign-in modal: login', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => act(() => toast.remove()));

  it('opens from the header Login button with focus on Email, and has only its own Close button', async () => {
    serveApi({});
    const dialog = await openSignIn();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it.each([
    ['', '', AccountMessages.fillAllFields, 'Email'],
    ['jane@example.com', '', AccountMessages.fillAllFields, 'Password'],
    ['jane@example', GOOD_PASSWORD, AccountMessages.invalidEmail, 'Email'],
    ['jane@example.com', 'short1!', AccountMessages.passwordTooShort, 'Password'],
  ])('checks email %p and password %p before sending: "%s"', async (email, password, message, field) => {
    serveApi({});
    const dialog = await openSignIn();
    await fill(dialog, 'Email', email);
    await fill(dialog, 'Password', password);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    const input = within(dialog).getByLabelText(field);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(callsTo('POST /api/login')).toHaveLength(0);
  });

  it('opens when a page asks for a sign-in (the referral landing) and, signed in, stays on that page', async () => {
    const token = sessionToken();
    serveApi({ 'POST /api/login': { status: 200, body: { message: 'Login passed', token, hasInsurance: true } } });
    renderShell('/authenticateReferral?code=ref-1');
    await screen.findByRole('heading', { level: 1 });
    act(() => requestSignIn());
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await fill(dialog, 'Email', 'jane@example.com');
    await fill(dialog, 'Password', GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe(token));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/authenticateReferral');
  });

  it('signs in with the e-mail lower-cased, shows a spinner meanwhile, and goes to the dashboard with insurance', async () => {
    const reply = deferredReply();
    serveApi({ 'POST /api/login': reply.handler });
    const dialog = await openSignIn();
    await fill(dialog, 'Email', ' Jane@Example.COM ');
    await fill(dialog, 'Password', GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Signing in');
    expect(within(dialog).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/login')).toHaveLength(1));
    expect(callsTo('POST /api/login')[0].body).toEqual({ email: 'jane@example.com', password: GOOD_PASSWORD });
    expect(callsTo('POST /api/login')[0].headers.authorization).toBeUndefined();

    const token = sessionToken();
    await act(async () => reply.release({ status: 200, body: { message: 'Login passed', token, hasInsurance: true } }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: dashboard' })).toBeInTheDocument();
  });

  it('goes to /healthSetup after a login without insurance', async () => {
    serveApi({ 'POST /api/login': { status: 200, body: { message: 'Login passed', token: sessionToken(), hasInsurance: false } } });
    const dialog = await openSignIn();
    await fill(dialog, 'Email', 'jane@example.com');
    await fill(dialog, 'Password', GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/healthSetup'));
  });

  it.each([
    [{ status: 401, body: { code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid credentials' } }, AccountScreenTexts.invalidCredentials],
    [
      { status: 429, body: { code: 'REQUEST.TOO_MANY', message: 'Too many attempts, please wait a minute.' } },
      'Too many attempts, please wait a minute.',
    ],
  ])('shows the answer to a refused login on the error line (%#)', async (reply, text) => {
    serveApi({ 'POST /api/login': reply });
    const dialog = await openSignIn();
    await fill(dialog, 'Email', 'jane@example.com');
    await fill(dialog, 'Password', GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText(text)).toHaveAttribute('role', 'alert');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('toasts when the server cannot be reached', async () => {
    serveApi({ 'POST /api/login': 'network-error' });
    const dialog = await openSignIn();
    await fill(dialog, 'Email', 'jane@example.com');
    await fill(dialog, 'Password', GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(AccountScreenTexts.loginNetworkFailure)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('sends "Sign Up" to /register and closes', async () => {
    serveApi({});
    const dialog = await openSignIn();
    await user.click(within(dialog).getByRole('link', { name: 'Sign Up' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it('does not close on a backdrop click; Close and Escape reset fields, error and view, and return focus to Login', async () => {
    serveApi({});
    let dialog = await openSignIn();
    await fill(dialog, 'Email', 'jane@example');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(within(dialog).getByRole('alert')).not.toBeEmptyDOMElement();

    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toHaveFocus();

    await user.click(login);
    dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();

    await user.click(within(dialog).getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('dialog', { name: 'Verify Email To Reset Password' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('sign-in modal: password recovery', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => act(() => toast.remove()));

  it('walks email -> code -> new password -> back to login with "Password Updated!"', async () => {
    serveApi({
      'POST /api/verifyEmailandGenStr': { status: 200, body: { message: 'Operation Complete' } },
      'POST /api/verifyRandomString': ({ body }) =>
        (body as { randomString: string }).randomString === 'AB12CD34'
          ? { status: 200, body: { message: 'Code Matches', tempToken: 'temp.reset.token' } }
          : { status: 400, body: { code: 'AUTH.CODE_DOES_NOT_MATCH', message: 'Code Does Not Match' } },
      'PUT /api/updateUserPassword': { status: 200, body: { message: 'Password Updated' } },
    });
    const login = await openSignIn();
    await fill(login, 'Email', 'Jane@Example.com');
    await user.click(within(login).getByRole('button', { name: 'Forgot Password?' }));

    const emailStep = screen.getByRole('dialog', { name: 'Verify Email To Reset Password' });
    expect(within(emailStep).getByLabelText('Email')).toHaveValue('Jane@Example.com');
    expect(within(emailStep).getByLabelText('Email')).toHaveFocus();
    await user.click(within(emailStep).getByRole('button', { name: 'Send Code To Email' }));

    const codeStep = await screen.findByRole('dialog', { name: 'Enter Code Sent To Email' });
    expect(callsTo('POST /api/verifyEmailandGenStr')[0].body).toEqual({ email: 'jane@example.com' });
    await user.click(within(codeStep).getByRole('button', { name: 'Verify Code' }));
    expect(within(codeStep).getByRole('alert')).toHaveTextContent(AccountMessages.fillAllFields);

    await fill(codeStep, 'Code', 'zz99zz99');
    await user.click(within(codeStep).getByRole('button', { name: 'Verify Code' }));
    expect(await within(codeStep).findByText(AccountScreenTexts.incorrectCode)).toBeInTheDocument();

    await fill(codeStep, 'Code', '  ab12cd34 ');
    await user.click(within(codeStep).getByRole('button', { name: 'Verify Code' }));
    const passwordStep = await screen.findByRole('dialog', { name: 'Enter New Password' });
    expect(callsTo('POST /api/verifyRandomString')[1].body).toEqual({ email: 'jane@example.com', randomString: 'AB12CD34' });

    await fill(passwordStep, 'Password', GOOD_PASSWORD);
    await fill(passwordStep, 'Confirm Password', `${GOOD_PASSWORD}x`);
    await user.click(within(passwordStep).getByRole('button', { name: 'Update Password' }));
    expect(within(passwordStep).getByRole('alert')).toHaveTextContent(AccountMessages.passwordMismatch);
    expect(within(passwordStep).getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    await fill(passwordStep, 'Confirm Password', GOOD_PASSWORD);
    await user.click(within(passwordStep).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(AccountScreenTexts.passwordUpdatedToast)).toBeInTheDocument();
    const back = screen.getByRole('dialog', { name: 'Sign In' });
    expect(within(back).getByLabelText('Email')).toHaveValue('Jane@Example.com');

    const [update] = callsTo('PUT /api/updateUserPassword');
    expect(update.headers.authorization).toBe('Bearer temp.reset.token');
    expect(update.body).toEqual({ password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, email: 'jane@example.com' });
  });

  it.each([
    ['Verify Email To Reset Password', 'jane@example', AccountMessages.invalidEmail],
    ['Verify Email To Reset Password', '', AccountMessages.fillAllFields],
  ])('checks the e-mail on "%s": %p gives "%s"', async (title, email, message) => {
    serveApi({});
    const login = await openSignIn();
    await user.click(within(login).getByRole('button', { name: 'Forgot Password?' }));
    const step = screen.getByRole('dialog', { name: title });
    await fill(step, 'Email', email);
    await user.click(within(step).getByRole('button', { name: 'Send Code To Email' }));
    expect(within(step).getByRole('alert')).toHaveTextContent(message);
    expect(callsTo('POST /api/verifyEmailandGenStr')).toHaveLength(0);
  });

  it('shows the generic recovery failure when the code cannot be sent, and returns to login', async () => {
    serveApi({ 'POST /api/verifyEmailandGenStr': { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Unexpected error' } } });
    const login = await openSignIn();
    await user.click(within(login).getByRole('button', { name: 'Forgot Password?' }));
    const step = screen.getByRole('dialog', { name: 'Verify Email To Reset Password' });
    await fill(step, 'Email', 'jane@example.com');
    await user.click(within(step).getByRole('button', { name: 'Send Code To Email' }));
    expect(await within(step).findByText(AccountScreenTexts.recoveryFailure)).toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Return to login' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the generic recovery failure when the reset token has expired', async () => {
    serveApi({
      'POST /api/verifyEmailandGenStr': { status: 200, body: { message: 'Operation Complete' } },
      'POST /api/verifyRandomString': { status: 200, body: { message: 'Code Matches', tempToken: 'temp' } },
      'PUT /api/updateUserPassword': { status: 401, body: { code: 'AUTH.RESET_TOKEN_INVALID', message: 'Unauthorized' } },
    });
    const login = await openSignIn();
    await fill(login, 'Email', 'jane@example.com');
    await user.click(within(login).getByRole('button', { name: 'Forgot Password?' }));
    await user.click(screen.getByRole('button', { name: 'Send Code To Email' }));
    const codeStep = await screen.findByRole('dialog', { name: 'Enter Code Sent To Email' });
    await fill(codeStep, 'Code', 'AB12CD34');
    await user.click(within(codeStep).getByRole('button', { name: 'Verify Code' }));
    const passwordStep = await screen.findByRole('dialog', { name: 'Enter New Password' });
    await fill(passwordStep, 'Password', GOOD_PASSWORD);
    await fill(passwordStep, 'Confirm Password', GOOD_PASSWORD);
    await user.click(within(passwordStep).getByRole('button', { name: 'Update Password' }));
    expect(await within(passwordStep).findByText(AccountScreenTexts.recoveryFailure)).toBeInTheDocument();
  });
});
