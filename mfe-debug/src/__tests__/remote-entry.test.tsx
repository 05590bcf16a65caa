import { screen, within } from '@testing-library/react';
import { DEBUG_PAGES, STAFF_ONLY_MESSAGE, type DebugPage } from '@healthlink/contracts';
import { callsTo } from '@healthlink/test-support/api-server';
import { setupUser } from '@healthlink/test-support/user';
import { renderRemote, serveSessionUser, sessionUser } from './render-remote';

// The paths of every page (part 1's route table): all behind the staff gate.
const GATED: [string, DebugPage, string][] = [
  ['/errors', 'queryTool', 'Error Logs Query'],
  ['/ndcLookup', 'queryTool', 'NDC Products Query'],
  ['/ndcProducts', 'queryTool', 'NDC Products Query'],
  ['/ndcPackages', 'queryTool', 'NDC Packages Query'],
  ['/rxlink', 'savingsLookup', 'Coupon-Service Savings Lookup'],
  ['/open-ai', 'openAi', 'AI Test Tools'],
  ['/open-ai/symptomMonitoring', 'openAi', 'AI Test Tools'],
  ['/debug/insurerUptimeCheck', 'insurerUptimeCheck', 'Insurer Uptime Check'],
];
const PATH_OF: Record<DebugPage, string> = {
  queryTool: '/errors',
  savingsLookup: '/rxlink',
  insurerUptimeCheck: '/debug/insurerUptimeCheck',
  openAi: '/open-ai',
};

describe('mfe_debug/App', () => {
  it.each(GATED)('at %s shows a patient the staff-only page, never the page', async (path, page, title) => {
    serveSessionUser('patient');
    renderRemote(page, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Ask an administrator to grant you staff access.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Staff only | CarePath');
  });

  it.each(GATED)('at %s shows staff the page itself', async (path, page, title) => {
    serveSessionUser('staff');
    renderRemote(page, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText(STAFF_ONLY_MESSAGE)).not.toBeInTheDocument();
    expect(callsTo('GET /api/user')).toHaveLength(1);
  });

  it('a failed read of the role shows an error line with Retry, never the page; Retry asks again', async () => {
    let answers = 0;
    serveSessionUser('staff', () => {
      answers += 1;
      return answers === 1
        ? { status: 503, body: { code: 'INTERNAL.UNAVAILABLE', message: 'Down' } }
        : { status: 200, body: sessionUser('staff') };
    });
    const user = setupUser();
    renderRemote('queryTool', '/errors');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check your access to this page. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Error Logs Query' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff only' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Error Logs Query' })).toBeInTheDocument();
    expect(callsTo('GET /api/user')).toHaveLength(2);
  });

  it.each(DEBUG_PAGES)('renders one h1 for the %s page (staff)', async (page) => {
    serveSessionUser('staff');
    renderRemote(page, PATH_OF[page]);
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
