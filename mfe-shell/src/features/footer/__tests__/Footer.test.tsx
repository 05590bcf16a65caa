import { screen, within } from '@testing-library/react';
import { renderShell, signIn } from '../../../test/render-shell';
import { BRAND } from '../../../config/brand';

const footer = () => within(screen.getByRole('contentinfo'));

describe('footer', () => {
  beforeEach(() => localStorage.clear());

  it('has the four columns of the spec, the social links, tagline and copyright line', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    for (const title of ['Solutions', 'Support', 'Company', 'Legal']) {
      expect(footer().getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    for (const name of ['Healthcare Data', 'Analytics', 'Rx Compare', 'Insights']) {
      expect(footer().getByRole('link', { name })).toHaveAttribute('href', '/app/dashboard');
    }
    expect(footer().getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(footer().getByRole('link', { name: BRAND.supportEmail })).toHaveAttribute('href', `mailto:${BRAND.supportEmail}`);
    expect(footer().getByRole('link', { name: /Talk to a broker/ })).toHaveAttribute('href', `tel:${BRAND.brokerPhone.tel}`);
    expect(footer().getByRole('link', { name: 'Cures Act' })).toHaveAttribute('href', '/curesAct');
    expect(footer().getByRole('link', { name: 'Blog (opens in a new tab)' })).toHaveAttribute('href', BRAND.blogUrl);
    expect(footer().getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    expect(footer().getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/termsOfService');
    expect(footer().getByRole('list', { name: 'Social media' }).querySelectorAll('a')).toHaveLength(2);
    expect(footer().getByText(BRAND.tagline)).toBeInTheDocument();
    expect(footer().getByText(`© 2022 ${BRAND.companyName}, Los Angeles, CA`)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveClass('shell-footer--default');
  });

  it('switches to the dashboard layout on /app/dashboard', async () => {
    signIn();
    renderShell('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: dashboard' });
    expect(screen.getByRole('contentinfo')).toHaveClass('shell-footer--dashboard');
  });
});
