import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts } from '@healthlink/contracts';
import { callsTo, serveApi, allCalls } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(async () => {
  user = setupUser();
});

const CURRENT = 'Old!passw0rd';
const NEW = 'N3w!passphrase';

async function fill(current: string, next: string, confirm = next) {
  await replaceText(user, screen.getByLabelText('Current Password'), current);
  await replaceText(user, screen.getByLabelText('New Password'), next);
  await replaceText(user, screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('/userProfile: change password', () => {
  afterEach(() => act(() => toast.remove()));

  it.each([
    ['a new password equal to the current one', CURRENT, CURRENT, AccountMessages.newPasswordSameAsCurrent, 'New Password'],
    ['a short new password', CURRENT, 'Ab1!', AccountMessages.passwordTooShort, 'New Password'],
    ['a new password without a digit', CURRENT, 'New!passphrase', AccountMessages.changeNeedsNumber, 'New Password'],
    ['a new password without a letter', CURRENT, '1234567890!', AccountMessages.changeNeedsLetter, 'New Password'],
    ['a new password without a special character', CURRENT, 'N3wpassphrase', AccountMessages.changeNeedsSpecial, 'New Password'],
    ['an empty current password', '', NEW, AccountMessages.fillAllFields, 'Current Password'],
  ])('refuses %s: "%s"', async (_case, current, next, message, label) => {
    serveApi({});
    renderPage(<ChangePasswordForm />);
    await fill(current, next);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(allCalls()).toHaveLength(0);
  });

  it('says "Your passwords do not line up" in a toast when the confirmation differs', async () => {
    serveApi({});
    renderPage(<ChangePasswordForm />);
    await fill(CURRENT, NEW, `${NEW}x`);
    expect(await screen.findByText(AccountMessages.passwordsDoNotLineUp)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(allCalls()).toHaveLength(0);
  });

  it('sends the current and new password, then confirms and clears the form', async () => {
    serveApi({ 'PUT /api/settingsPasswordUpdate': { status: 200, body: { message: AccountMessages.settingsPasswordUpdated } } });
    renderPage(<ChangePasswordForm />);
    await fill(CURRENT, NEW);
    expect(await screen.findByText(AccountScreenTexts.passwordChanged)).toHaveAttribute('role', 'status');
    expect(callsTo('PUT /api/settingsPasswordUpdate')[0].body).toEqual({ curPassword: CURRENT, newPassword: NEW });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('shows "Invalid credentials." for a wrong current password', async () => {
    serveApi({
      'PUT /api/settingsPasswordUpdate': {
        status: 400,
        body: {
          code: 'AUTH.WRONG_CURRENT_PASSWORD',
          message: 'Invalid credentials',
          errors: [{ field: 'curPassword', message: 'Invalid credentials' }],
        },
      },
    });
    renderPage(<ChangePasswordForm />);
    await fill(CURRENT, NEW);
    expect(await screen.findByText(AccountScreenTexts.invalidCredentials)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveFocus());
  });

  it("shows a rule the server enforces in the server's words", async () => {
    serveApi({
      'PUT /api/settingsPasswordUpdate': {
        status: 400,
        body: {
          code: 'AUTH.VALIDATION',
          message: AccountMessages.passwordTooCommon,
          errors: [{ field: 'newPassword', message: AccountMessages.passwordTooCommon }],
        },
      },
    });
    renderPage(<ChangePasswordForm />);
    await fill(CURRENT, NEW);
    expect(await screen.findByText(AccountMessages.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the generic failure when the call fails', async () => {
    serveApi({ 'PUT /api/settingsPasswordUpdate': 'network-error' });
    renderPage(<ChangePasswordForm />);
    await fill(CURRENT, NEW);
    expect(await within(screen.getByRole('alert')).findByText(AccountScreenTexts.profileSaveFailure)).toBeInTheDocument();
  });
});
