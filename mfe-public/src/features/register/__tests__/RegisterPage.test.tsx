import { act, screen, waitFor } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi, allCalls } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { RegisterPage } from '../routes/RegisterPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const GOOD_PASSWORD = 'Str0ng!passw0rd';
const VALID = {
  'First Name': 'Jane',
  'Last Name': 'Doe',
  Email: 'jane@example.com',
  Password: GOOD_PASSWORD,
  'Confirm Password': GOOD_PASSWORD,
};
type Label = keyof typeof VALID;

async function fillForm(overrides: Partial<Record<Label, string>> = {}) {
  const values = { ...VALID, ...overrides };
  for (const label of Object.keys(values) as Label[]) {
    await replaceText(user, screen.getByLabelText(label), values[label]);
  }
}

const submit = () => user.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('/register', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => act(() => toast.remove()));

  it('has the five labelled fields, show/hide toggles, the password hint and the cookie notice', async () => {
    serveApi({});
    renderPage(<RegisterPage />, '/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Email']) expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(AccountScreenTexts.passwordHint);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
  });

  it.each<[string, string, Partial<Record<Label, string>>, Label]>([
    ['an empty first name', AccountMessages.fillAllFields, { 'First Name': ' ' }, 'First Name'],
    ['an empty confirmation', AccountMessages.fillAllFields, { 'Confirm Password': '' }, 'Confirm Password'],
    ['an invalid e-mail', AccountMessages.invalidEmail, { Email: 'jane@example' }, 'Email'],
    ['different passwords', AccountMessages.passwordMismatch, { 'Confirm Password': `${GOOD_PASSWORD}x` }, 'Confirm Password'],
    ['a short password', AccountMessages.passwordTooShort, { Password: 'Ab1!', 'Confirm Password': 'Ab1!' }, 'Password'],
    [
      'a password without a digit',
      AccountMessages.passwordNeedsNumber,
      { Password: 'Strong!password', 'Confirm Password': 'Strong!password' },
      'Password',
    ],
    [
      'a password without a letter',
      AccountMessages.passwordNeedsLetter,
      { Password: '1234567890!', 'Confirm Password': '1234567890!' },
      'Password',
    ],
    [
      'a password without a special character',
      AccountMessages.passwordNeedsSpecial,
      { Password: 'Str0ngpassw0rd', 'Confirm Password': 'Str0ngpassw0rd' },
      'Password',
    ],
  ])('refuses %s with "%s" before sending, highlighting the field', async (_case, message, overrides, label) => {
    serveApi({});
    renderPage(<RegisterPage />, '/register');
    await fillForm(overrides);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(allCalls()).toHaveLength(0);
  });

  it('signs up with the e-mail lower-cased, shows a spinner meanwhile, starts the session and goes to /healthSetup', async () => {
    const reply = deferredReply();
    serveApi({ 'POST /api/signup': reply.handler });
    renderPage(<RegisterPage />, '/register');
    await fillForm({ Email: 'Jane@Example.COM' });
    await submit();

    expect(await screen.findByRole('status')).toHaveTextContent('Creating your account');
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/signup')).toHaveLength(1));
    expect(callsTo('POST /api/signup')[0].body).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });

    const token = buildUnsignedToken({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 3600 });
    await act(async () => reply.release({ status: 201, body: { message: 'Signup passed', token } }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/healthSetup'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('shows "This email is already taken." for an existing account', async () => {
    serveApi({ 'POST /api/signup': { status: 409, body: { code: 'AUTH.USER_EXISTS', message: 'User already exists' } } });
    renderPage(<RegisterPage />, '/register');
    await fillForm();
    await submit();
    expect(await screen.findByText(AccountScreenTexts.emailTaken)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the server's message for a refused sign-up", async () => {
    serveApi({
      'POST /api/signup': {
        status: 400,
        body: {
          code: 'AUTH.VALIDATION',
          message: AccountMessages.passwordTooCommon,
          errors: [{ field: 'password', message: AccountMessages.passwordTooCommon }],
        },
      },
    });
    renderPage(<RegisterPage />, '/register');
    await fillForm();
    await submit();
    expect(await screen.findByText(AccountMessages.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('toasts when the server cannot be reached', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi({ 'POST /api/signup': 'network-error' });
    renderPage(<RegisterPage />, '/register');
    await fillForm();
    await submit();
    expect(await screen.findByText(AccountScreenTexts.signupNetworkFailure)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('There was an issue with your registration', expect.anything());
    consoleError.mockRestore();
  });
});
