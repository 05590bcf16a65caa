import { screen, within } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { setupUser } from '@healthlink/test-support/user';
import { callsTo } from '@healthlink/test-support/api-server';
import { DashboardPage, type DashboardPageProps } from '../routes/DashboardPage';
import { buildLink, buildPeriod, buildPlan, fakeWidget, serveErrorLog, servePlan, serveSpending } from './fake-dashboard-api';

function renderDashboard(props: Partial<DashboardPageProps> = {}) {
  return renderPage(
    <DashboardPage
      RxHistory={fakeWidget('Rx History', () => 'success')}
      HealthHistory={fakeWidget('Health History', () => 'success')}
      MedicalTips={fakeWidget('Medical Tips', () => 'success')}
      firstName="Ada"
      insurerLinks={[buildLink()]}
      {...props}
    />,
    '/app/dashboard',
  );
}

const SECTION_ORDER = ['Rx History', 'Rx Interactions', 'Health History', 'Medical Tips', 'Clinical Trials', 'Medicare Options'];

// The page and its lazy chunk render slowly on a loaded two-core machine; the waits inside are what is tested.
jest.setTimeout(20_000);

describe('/app/dashboard', () => {
  beforeEach(() => {
    serveErrorLog();
    servePlan({ body: buildPlan() });
    serveSpending({ month: { body: { by: 'month', periods: [buildPeriod('2025-04')], asOf: '2025-05-03T12:00:00Z' } } });
  });

  it('welcomes the member by first name, with the hint to link insurance or call the configured number', async () => {
    renderDashboard({ insurerLinks: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link your health insurance' })).toHaveAttribute('href', '/insuranceSelect');
    expect(screen.getByRole('link', { name: TEST_SITE_INFO.supportPhone })).toHaveAttribute('href', 'tel:+18005550100');
    expect(screen.queryByRole('heading', { name: 'Your linked insurers' })).not.toBeInTheDocument();
    await screen.findByText('Sunrise Medicare Advantage');
    expect(document.title).toBe('Dashboard | CarePath');
  });

  it('greets without a name until it is known', () => {
    renderDashboard({ firstName: undefined });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
  });

  it('says when each linked insurer was last updated', () => {
    renderDashboard({
      insurerLinks: [buildLink(), buildLink({ insurer: 'uhcSandbox', name: 'UnitedHealthcare Sandbox', lastSyncedAt: null })],
    });
    const list = within(screen.getByRole('heading', { name: 'Your linked insurers' }).parentElement as HTMLElement);
    expect(list.getByText(/Last updated May 3, 2025/).closest('li')).toHaveTextContent('Medicare (Blue Button 2.0) Sandbox:');
    expect(list.getByText(/Getting your data for the first time/).closest('li')).toHaveTextContent('UnitedHealthcare Sandbox:');
  });

  it('shows the six sections in the spec order, each minimizing and expanding', async () => {
    const user = setupUser();
    renderDashboard();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const sections = titles.filter((title) => SECTION_ORDER.includes(title ?? ''));
    expect(sections).toEqual(SECTION_ORDER);
    for (const title of SECTION_ORDER) {
      const toggle = screen.getByRole('button', { name: `Minimize ${title}` });
      await user.click(toggle);
      expect(screen.getByRole('button', { name: `Expand ${title}` })).toHaveAttribute('aria-expanded', 'false');
      await user.click(screen.getByRole('button', { name: `Expand ${title}` }));
      expect(screen.getByRole('button', { name: `Minimize ${title}` })).toHaveAttribute('aria-expanded', 'true');
    }
  });

  it('gives the data sections their widgets in the dashboard variant, and says plainly which sections are not built', () => {
    renderDashboard();
    expect(screen.getByText('Rx History widget (dashboard): success')).toBeInTheDocument();
    expect(screen.getByText('Health History widget (dashboard): success')).toBeInTheDocument();
    const tips = within(screen.getByRole('region', { name: 'Medical Tips' }));
    expect(tips.getByText('Medical Tips widget (dashboard): success')).toBeInTheDocument();
    expect(tips.queryByText('Not available yet')).not.toBeInTheDocument();
    for (const title of ['Rx Interactions', 'Clinical Trials', 'Medicare Options']) {
      const section = within(screen.getByRole('region', { name: title }));
      expect(section.getByText('Not available yet')).toBeInTheDocument();
      expect(section.queryByRole('listitem')).not.toBeInTheDocument();
    }
  });

  it('uses the Rx Interactions widget once it is given', () => {
    renderDashboard({ RxInteractions: fakeWidget('Rx Interactions', () => 'pending') });
    const section = within(screen.getByRole('region', { name: 'Rx Interactions' }));
    expect(section.getByText('Rx Interactions widget (dashboard): pending')).toBeInTheDocument();
    expect(section.queryByText('Not available yet')).not.toBeInTheDocument();
  });

  it('shows the current plan: marketing name, year, plan name, and medical + Rx = total for its period', async () => {
    renderDashboard();
    const card = within(screen.getByRole('region', { name: 'Your Current Plan' }));
    expect(await card.findByText('Sunrise Medicare Advantage')).toBeInTheDocument();
    expect(card.getByText('2025')).toBeInTheDocument();
    expect(card.getByText('Sunrise HMO Gold')).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 3, name: 'Your costs from Jan 1, 2025 to Dec 31, 2025' })).toBeInTheDocument();
    expect(card.getByText('$1,234.50')).toBeInTheDocument();
    expect(card.getByText('+ $20.00')).toBeInTheDocument();
    expect(card.getByText('= $1,254.50')).toBeInTheDocument();
    expect(callsTo('GET /api/currentPlan/getUsersCurrentPlan')).toHaveLength(1);
  });

  it('shows a zero cost with its two decimals, and a plan without cost honestly', async () => {
    servePlan({
      body: buildPlan({ currentPlanCost: { medical: '0.00', rx: '0.00', total: '0.00', from: '2025-01-01', to: '2025-12-31' } }),
    });
    const { unmount } = renderDashboard();
    expect(await screen.findByText('= $0.00')).toBeInTheDocument();
    unmount();

    servePlan({ body: buildPlan({ currentPlanCost: null }) });
    renderDashboard();
    expect(await screen.findByText('Your costs for this plan will show here once your claims are in.')).toBeInTheDocument();
  });

  it('shows the missing state when there is no plan', async () => {
    servePlan({ body: { userCurrentPlan: [], currentPlanCost: null } });
    renderDashboard();
    const card = within(screen.getByRole('region', { name: 'Your Current Plan' }));
    expect(await card.findByText('No Current Plan found')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
  });
});
