import { screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { renderPage } from '@healthlink/test-support/render-page';
import { HealthSetupPage } from '../routes/HealthSetupPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

describe('/healthSetup', () => {
  it('offers linking insurance and adding prescription drugs', async () => {
    renderPage(<HealthSetupPage />, '/healthSetup');
    expect(screen.getByRole('heading', { level: 1, name: 'Set Up Your Health Data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link insurance' })).toHaveAttribute('href', '/insuranceSelect');
    const drugs = screen.getByRole('link', { name: 'Add prescription drugs' });
    expect(drugs).toHaveAttribute('href', '/drugEntry');
    await user.click(drugs);
    expect(screen.getByTestId('location')).toHaveTextContent('/drugEntry');
  });
});
