import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UptimeHistoryResponse, UptimeResult, UserResponse, UserRole } from '@healthlink/contracts';
import { buildUnsignedToken, siteInfoQuery, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { setupUser } from '@healthlink/test-support/user';
import { daySegments, formatUptime } from '../components/UptimeBar';
import { InsurerUptimeCheckPage } from '../routes/InsurerUptimeCheckPage';

const CHECK = 'GET /api/upTimeCheck/insurerUptimeCheck';
const HISTORY = 'GET /api/upTimeCheck/history';

const RESULTS: UptimeResult[] = [
  {
    insurer: 'Medicare (Blue Button 2.0)',
    endpoint: 'https://api.bluebutton.cms.gov/v2/fhir/',
    status: 'PASS',
    responseTime: 1234,
    message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable',
  },
  {
    insurer: 'Aetna Sandbox',
    endpoint: '(internal host)/insurers/aetnaSandbox/fhir',
    status: 'FAIL',
    responseTime: 12,
    message: 'HTTP 500',
  },
  {
    insurer: 'Cigna Sandbox',
    endpoint: '(internal host)/insurers/cignaSandbox/fhir',
    status: 'TIMEOUT',
    responseTime: 5001,
    message: 'timed out after 5000 ms',
  },
  { insurer: 'Molina Healthcare', endpoint: '', status: 'UNTESTABLE', responseTime: null, message: 'No endpoint configured' },
];

const today = new Date();
const dayIso = (daysAgo: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - daysAgo * 86_400_000);
  return d.toISOString();
};
const HISTORY_ANSWER: UptimeHistoryResponse = {
  days: 30,
  intervalMinutes: 5,
  insurers: [
    {
      insurer: 'Aetna Sandbox',
      uptime: 563 / 576,
      samples: [
        { checkedAt: dayIso(1), status: 'TIMEOUT', responseTime: 40, checks: 288, passed: 275 },
        { checkedAt: dayIso(0), status: 'PASS', responseTime: 35, checks: 288, passed: 288 },
      ],
    },
    {
      insurer: 'Molina Healthcare',
      uptime: null,
      samples: [{ checkedAt: dayIso(0), status: 'UNTESTABLE', responseTime: null, checks: 288, passed: 0 }],
    },
  ],
};

const member = (role: UserRole): UserResponse => ({
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  postal_code: null,
  role,
});

function renderPage(api: Record<string, ApiHandler>, signedInAs?: UserRole) {
  if (signedInAs) {
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    api = { 'GET /api/user': { status: 200, body: member(signedInAs) }, ...api };
  }
  serveApi(api);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(siteInfoQuery.queryKey, TEST_SITE_INFO);
  render(
    <QueryClientProvider client={queryClient}>
      <InsurerUptimeCheckPage />
    </QueryClientProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('InsurerUptimeCheckPage', () => {
  it('runs the check only when asked: "Checking..." and disabled while it runs, then the table', async () => {
    const user = setupUser();
    const reply = deferredReply();
    renderPage({ [CHECK]: reply.handler });
    expect(screen.getByRole('heading', { level: 1, name: 'Insurer Uptime Check' })).toBeInTheDocument();
    expect(document.title).toBe('Insurer Uptime Check | CarePath');
    expect(screen.getByText('Press Run Uptime Check to check every insurer now.')).toBeInTheDocument();
    expect(callsTo(CHECK)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    const running = screen.getByRole('button', { name: 'Checking...' });
    // aria-disabled, not disabled: the button keeps the focus it was pressed with, and pressing it again does nothing.
    expect(running).toHaveAttribute('aria-disabled', 'true');
    expect(running).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Checking...');
    await user.click(running);
    await user.keyboard('{Enter}');
    expect(callsTo(CHECK)).toHaveLength(1);

    reply.release({ status: 200, body: RESULTS });
    const table = await screen.findByRole('table');
    const again = screen.getByRole('button', { name: 'Run Uptime Check' });
    expect(again).not.toHaveAttribute('aria-disabled');
    expect(again).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Checked 4 insurers.');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Insurer', 'Endpoint', 'Status', 'Response Time (ms)', 'Message']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([
      'Medicare (Blue Button 2.0)',
      'https://api.bluebutton.cms.gov/v2/fhir/',
      '✓ PASS',
      '1,234',
      'CapabilityStatement (FHIR 4.0.1), token endpoint reachable',
    ]);
    expect(cells(rows[1])).toEqual(['Aetna Sandbox', '(internal host)/insurers/aetnaSandbox/fhir', '✕ FAIL', '12', 'HTTP 500']);
    expect(cells(rows[3])).toEqual(['Molina Healthcare', 'Not configured', '– UNTESTABLE', '—Not measured', 'No endpoint configured']);
  });

  it('colours PASS green, UNTESTABLE grey and every failure red, each with its word', async () => {
    const user = setupUser();
    renderPage({ [CHECK]: { status: 200, body: RESULTS } });
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    await screen.findByRole('table');
    expect(screen.getByText('PASS', { exact: false }).closest('.uptime-status')).toHaveClass('uptime-status--green');
    expect(screen.getByText('UNTESTABLE', { exact: false }).closest('.uptime-status')).toHaveClass('uptime-status--grey');
    expect(screen.getByText('FAIL', { exact: false }).closest('.uptime-status')).toHaveClass('uptime-status--red');
    expect(screen.getByText('TIMEOUT', { exact: false }).closest('.uptime-status')).toHaveClass('uptime-status--red');
  });

  it('sends no token on the check, even from a signed-in member', async () => {
    const user = setupUser();
    renderPage({ [CHECK]: { status: 200, body: RESULTS } }, 'patient');
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    await screen.findByRole('table');
    expect(callsTo(CHECK)[0].headers.authorization).toBeUndefined();
  });

  it.each([
    ['a server failure', { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'boom' } }],
    ['no connection', 'network-error' as const],
  ])('after %s says "Failed to fetch uptime check results." and can run again', async (_, failure) => {
    const user = setupUser();
    const replies: ApiHandler[] = [failure, { status: 200, body: RESULTS }];
    renderPage({ [CHECK]: () => replies.shift() as Exclude<ApiHandler, (...args: never[]) => unknown> });
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch uptime check results.');
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after too many checks also says how long to wait', async () => {
    const user = setupUser();
    const message = 'Too many attempts. Please wait 3 minutes and try again.';
    renderPage({ [CHECK]: { status: 429, body: { code: 'REQUEST.TOO_MANY', message } } });
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch uptime check results.');
    expect(alert).toHaveTextContent(message);
  });

  it('says so when no insurer is configured', async () => {
    const user = setupUser();
    renderPage({ [CHECK]: { status: 200, body: [] } });
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    expect(await screen.findByText('No insurers are configured.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('the results scroll in their own keyboard-reachable region at narrow widths', async () => {
    const user = setupUser();
    renderPage({ [CHECK]: { status: 200, body: RESULTS } });
    await user.click(screen.getByRole('button', { name: 'Run Uptime Check' }));
    const region = await screen.findByRole('region', { name: 'Uptime check results' });
    expect(region).toHaveClass('uptime-table');
    expect(region).toHaveAttribute('tabindex', '0');
    // From the button just pressed, the next stop is the table's region (arrow keys then scroll it).
    expect(screen.getByRole('button', { name: 'Run Uptime Check' })).toHaveFocus();
    await user.tab();
    expect(region).toHaveFocus();
  });

  it('shows staff each insurer’s uptime over 30 days, in words as well as the bar', async () => {
    renderPage({ [HISTORY]: { status: 200, body: HISTORY_ANSWER } }, 'staff');
    const section = await screen.findByRole('region', { name: 'Uptime, last 30 days' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Aetna Sandbox');
    expect(items[0]).toHaveTextContent('97.74%');
    const yesterday = new Date(dayIso(1)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(items[0]).toHaveTextContent(`Days with failed checks: ${yesterday}.`);
    expect(items[1]).toHaveTextContent('Molina Healthcare');
    expect(items[1]).toHaveTextContent('No testable checks');
    expect(items[1]).toHaveTextContent('No failed checks in these 30 days.');
    expect(callsTo(CHECK)).toHaveLength(0);
    expect(callsTo(HISTORY)[0].headers.authorization).toMatch(/^Bearer /);
  });

  it('a failed history read offers Retry', async () => {
    const user = setupUser();
    const replies: ApiHandler[] = [
      { status: 503, body: { code: 'INTERNAL.UNAVAILABLE', message: 'Down' } },
      { status: 200, body: HISTORY_ANSWER },
    ];
    renderPage({ [HISTORY]: () => replies.shift() as Exclude<ApiHandler, (...args: never[]) => unknown> }, 'staff');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The uptime history could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps Retry focused while the history loads again, and asks only once however often it is pressed', async () => {
    const user = setupUser();
    const reply = deferredReply();
    let calls = 0;
    renderPage(
      { [HISTORY]: () => (++calls === 1 ? { status: 503, body: { code: 'INTERNAL.UNAVAILABLE', message: 'Down' } } : reply.handler()) },
      'staff',
    );
    const retry = within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' });
    await user.click(retry);
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    expect(retry).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(retry);
    expect(callsTo(HISTORY)).toHaveLength(2);
    reply.release({ status: 200, body: HISTORY_ANSWER });
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it.each([
    ['a visitor', undefined],
    ['a patient', 'patient' as const],
  ])('shows %s no uptime history, and does not ask for it', async (_, role) => {
    renderPage({}, role);
    expect(screen.getByRole('button', { name: 'Run Uptime Check' })).toBeInTheDocument();
    if (role) await screen.findByRole('button', { name: 'Run Uptime Check' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Uptime, last 30 days' })).not.toBeInTheDocument();
    expect(callsTo(HISTORY)).toHaveLength(0);
    expect(callsTo('GET /api/user')).toHaveLength(role ? 1 : 0);
  });
});

describe('uptime bar helpers', () => {
  it('formats the uptime without rounding a failure up to 100%', () => {
    expect(formatUptime(1)).toBe('100%');
    expect(formatUptime(0.99999)).toBe('99.99%');
    expect(formatUptime(0.5)).toBe('50.00%');
    expect(formatUptime(null)).toBe('No testable checks');
  });

  it('lays out 30 UTC days ending today, days without runs marked as such', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    const segments = daySegments(
      [{ checkedAt: '2026-11-25T00:00:00.000Z', status: 'FAIL', responseTime: 9, checks: 288, passed: 280 }],
      30,
      now,
    );
    expect(segments).toHaveLength(30);
    expect(segments[0].key).toBe('2026-10-28');
    expect(segments[29].key).toBe('2026-11-26');
    expect(segments[28]).toMatchObject({ tone: 'red', failed: true, title: 'Nov 25: 280 of 288 checks passed (FAIL)' });
    expect(segments[29]).toMatchObject({ tone: 'none', title: 'Nov 26: no checks' });
  });
});
