import { fireEvent, screen } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { HealthSetupPage } from '../routes/HealthSetupPage';

describe('/healthSetup', () => {
  it('offers linking insurance and adding prescription drugs', () => {
    renderPage(<HealthSetupPage />, '/healthSetup');
    expect(screen.getByRole('heading', { level: 1, name: 'Set Up Your Health Data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link insurance' })).toHaveAttribute('href', '/insuranceSelect');
    const drugs = screen.getByRole('link', { name: 'Add prescription drugs' });
    expect(drugs).toHaveAttribute('href', '/drugEntry');
    fireEvent.click(drugs);
    expect(screen.getByTestId('location')).toHaveTextContent('/drugEntry');
  });
});
