import { screen, within } from '@testing-library/react';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { serveApi } from '@healthlink/test-support/api-server';
import { renderShell, signIn } from '../../../test/render-shell';
import { BRAND } from '../../../config/brand';

const footer = () => within(screen.getByRole('contentinfo'));

describe('footer', () => {
  beforeEach(() => localStorage.clear());

  it('has the four columns of the spec, the social links, tagline and copyright line, from the site configuration', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    for (const title of ['Solutions', 'Support', 'Company', 'Legal']) {
      expect(footer().getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    for (const name of ['Healthcare Data', 'Analytics', 'Rx Compare', 'Insights']) {
      expect(footer().getByRole('link', { name })).toHaveAttribute('href', '/app/dashboard');
    }
    expect(footer().getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(footer().getByRole('link', { name: TEST_SITE_INFO.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${TEST_SITE_INFO.supportEmail}`,
    );
    expect(footer().getByRole('link', { name: `Talk to a broker: ${TEST_SITE_INFO.brokerPhone}` })).toHaveAttribute(
      'href',
      'tel:+18005550199',
    );
    expect(footer().getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(footer().getByRole('link', { name: 'Cures Act' })).toHaveAttribute('href', '/curesAct');
    expect(footer().getByRole('link', { name: 'Blog (opens in a new tab)' })).toHaveAttribute('href', TEST_SITE_INFO.blogUrl);
    expect(footer().getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    expect(footer().getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/termsOfService');
    const social = within(footer().getByRole('list', { name: 'Social media' }));
    for (const { name, url } of TEST_SITE_INFO.socialLinks) {
      expect(social.getByRole('link', { name: `${name} (opens in a new tab)` })).toHaveAttribute('href', url);
    }
    expect(footer().getByText(BRAND.tagline)).toBeInTheDocument();
    expect(footer().getByText(/enriching people's lives through better healthcare accessibility/i)).toBeInTheDocument();
    expect(footer().getByText('© 2022 CarePath, Los Angeles, CA')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveClass('shell-footer--default');
  });

  it('shows no contact link before the site configuration is known', async () => {
    serveApi({ 'GET /api/siteInfo': () => new Promise<never>(() => undefined) });
    renderShell('/', undefined, { siteInfo: null });
    await screen.findByRole('heading', { level: 1 });
    expect(footer().queryByRole('link', { name: /Talk to a broker/ })).not.toBeInTheDocument();
    expect(footer().queryByRole('link', { name: /Blog/ })).not.toBeInTheDocument();
    expect(footer().getByText('Email support')).toBeInTheDocument();
    expect(footer().getByText('© 2022 HealthLink, Los Angeles, CA')).toBeInTheDocument();
  });

  it('switches to the dashboard layout on /app/dashboard', async () => {
    signIn();
    renderShell('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: dashboard' });
    expect(screen.getByRole('contentinfo')).toHaveClass('shell-footer--dashboard');
  });
});
