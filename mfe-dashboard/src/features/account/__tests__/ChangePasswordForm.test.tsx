import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts } from '@healthlink/contracts';
import { callsTo, mockApi } from '@healthlink/test-support/fetch-mock';
import { renderPage } from '@healthlink/test-support/render-page';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

const CURRENT = 'Old!passw0rd';
const NEW = 'N3w!passphrase';

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
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
  ])('refuses %s: "%s"', (_case, current, next, message, label) => {
    const fetchMock = mockApi({});
    renderPage(<ChangePasswordForm />);
    fill(current, next);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "Your passwords do not line up" in a toast when the confirmation differs', async () => {
    const fetchMock = mockApi({});
    renderPage(<ChangePasswordForm />);
    fill(CURRENT, NEW, `${NEW}x`);
    expect(await screen.findByText(AccountMessages.passwordsDoNotLineUp)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the current and new password, then confirms and clears the form', async () => {
    const fetchMock = mockApi({ 'PUT /api/settingsPasswordUpdate': { status: 200, body: { message: AccountMessages.settingsPasswordUpdated } } });
    renderPage(<ChangePasswordForm />);
    fill(CURRENT, NEW);
    expect(await screen.findByText(AccountScreenTexts.passwordChanged)).toHaveAttribute('role', 'status');
    expect(callsTo(fetchMock, 'PUT /api/settingsPasswordUpdate')[0].body).toEqual({ curPassword: CURRENT, newPassword: NEW });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('shows "Invalid credentials." for a wrong current password', async () => {
    mockApi({
      'PUT /api/settingsPasswordUpdate': {
        status: 400,
        body: { code: 'AUTH.WRONG_CURRENT_PASSWORD', message: 'Invalid credentials', errors: [{ field: 'curPassword', message: 'Invalid credentials' }] },
      },
    });
    renderPage(<ChangePasswordForm />);
    fill(CURRENT, NEW);
    expect(await screen.findByText(AccountScreenTexts.invalidCredentials)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveFocus());
  });

  it("shows a rule the server enforces in the server's words", async () => {
    mockApi({
      'PUT /api/settingsPasswordUpdate': {
        status: 400,
        body: { code: 'AUTH.VALIDATION', message: AccountMessages.passwordTooCommon, errors: [{ field: 'newPassword', message: AccountMessages.passwordTooCommon }] },
      },
    });
    renderPage(<ChangePasswordForm />);
    fill(CURRENT, NEW);
    expect(await screen.findByText(AccountMessages.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the generic failure when the call fails', async () => {
    mockApi({ 'PUT /api/settingsPasswordUpdate': 'network-error' });
    renderPage(<ChangePasswordForm />);
    fill(CURRENT, NEW);
    expect(await within(screen.getByRole('alert')).findByText(AccountScreenTexts.profileSaveFailure)).toBeInTheDocument();
  });
});
