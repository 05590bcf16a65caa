import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast, Toaster } from 'react-hot-toast';
import { STAFF_ONLY_MESSAGE, type CheckSavingsResponse } from '@healthlink/contracts';
import { siteInfoQuery } from '@healthlink/web-runtime';
import { callsTo, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { replaceText, setupUser } from '@healthlink/test-support/user';
import { SavingsLookupPage } from '../routes/SavingsLookupPage';

const CHECK = 'POST /api/coupons/checkSavings';

const FOUND: CheckSavingsResponse = {
  results: [
    {
      ndc: '59417010210',
      fdaNdc: '59417-0102-10',
      drugName: 'Vyvanse 10 mg capsule',
      retailPrice: '$412.50',
      bestPrice: '$301.20',
      savings: '$111.30',
      pharmacy: 'Maple Street Pharmacy',
    },
  ],
  rawResponse: { timestamp: '2026-11-25T10:00:00.000Z' },
  message: 'Savings found for 1 of 2 NDCs',
  asOf: '2026-11-20',
};
const NONE: CheckSavingsResponse = { results: [], rawResponse: { timestamp: '2026-11-25T10:00:00.000Z' }, message: 'x', asOf: null };

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderSavings(url: string, handler: ApiHandler = { status: 200, body: FOUND }) {
  serveApi({ [CHECK]: handler });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(siteInfoQuery.queryKey, TEST_SITE_INFO);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/rxlink" element={<SavingsLookupPage />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
        <Link to="/rxlink?ndcs=00002771001&phone=2125550100&zip=10001&npi=1104000017">Shared link</Link>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const sent = () => callsTo(CHECK).map((call) => call.body);
const field = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => {
  act(() => toast.remove());
  jest.restoreAllMocks();
});

describe('SavingsLookupPage', () => {
  it('checks the spec defaults on load and shows the results with the date of the prices and the raw response', async () => {
    renderSavings('/rxlink');
    expect(screen.getByRole('heading', { level: 1, name: 'Coupon-Service Savings Lookup' })).toBeInTheDocument();
    expect(field('NDC codes')).toHaveValue('59417010210,21695078460');
    expect(field('ZIP code')).toHaveValue('98501');
    expect(field('Phone number')).toHaveValue('3605550123');
    expect(field('Pharmacy NPI')).toHaveValue('1003000126');

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ndc', 'fdaNdc', 'drugName', 'retailPrice', 'bestPrice', 'savings', 'pharmacy']);
    expect(within(table).getByRole('row', { name: /59417010210 59417-0102-10 Vyvanse/ })).toHaveTextContent('$111.30');
    expect(within(table).getByText('Prices as of Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Savings found for 1 of 2 NDCs');
    const raw = screen.getByRole('region', { name: 'Raw response' });
    expect(JSON.parse(within(raw).getByText(/"rawResponse"/).textContent!)).toEqual(FOUND);
    expect(sent()).toEqual([
      { ndcList: ['59417010210', '21695078460'], phoneNumber: '3605550123', zipCode: '98501', pharmacyNPI: '1003000126' },
    ]);
  });

  it('takes its state from the query string, and checks again whenever the query string changes', async () => {
    const user = setupUser();
    renderSavings('/rxlink?ndcs=59417-0102-10&phone=(360)%20555-0199&zip=98502&npi=1205000023', { status: 200, body: NONE });
    expect(await screen.findByText('No savings found for the provided NDCs.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sent()).toEqual([{ ndcList: ['59417010210'], phoneNumber: '3605550199', zipCode: '98502', pharmacyNPI: '1205000023' }]);

    await user.click(screen.getByRole('link', { name: 'Shared link' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ ndcList: ['00002771001'], phoneNumber: '2125550100', zipCode: '10001', pharmacyNPI: '1104000017' });
    expect(field('NDC codes')).toHaveValue('00002771001');
    expect(field('ZIP code')).toHaveValue('10001');
  });

  it('Check Savings writes the form to the query string, and asks again when nothing changed', async () => {
    const user = setupUser();
    renderSavings('/rxlink');
    await screen.findByRole('table');
    await replaceText(user, field('NDC codes'), '59417-0102-10\n 21695-0784-60,,00002771001');
    await user.click(screen.getByRole('button', { name: 'Check Savings' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({ ndcList: ['59417010210', '21695078460', '00002771001'] });
    const where = new URL(screen.getByTestId('where').textContent!, 'http://x');
    expect(where.pathname).toBe('/rxlink');
    expect(where.searchParams.get('ndcs')).toBe('59417010210,21695078460,00002771001');
    expect(where.searchParams.get('zip')).toBe('98501');
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Check Savings' }));
    await waitFor(() => expect(sent()).toHaveLength(3));
  });

  it('Check Savings of the defaults checks them once more and writes them out, without a second call for the new address', async () => {
    const user = setupUser();
    renderSavings('/rxlink');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Check Savings' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/rxlink?ndcs=59417010210%2C21695078460&phone=3605550123&zip=98501&npi=1003000126',
      ),
    );
    await screen.findByRole('table');
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toEqual(sent()[0]);
  });

  it('says "Please enter at least one NDC code" at the NDC field and asks nothing', async () => {
    const user = setupUser();
    renderSavings('/rxlink');
    await screen.findByRole('table');
    await replaceText(user, field('NDC codes'), ' , - ');
    await user.click(screen.getByRole('button', { name: 'Check Savings' }));
    expect(field('NDC codes')).toHaveAccessibleDescription(expect.stringContaining('Please enter at least one NDC code'));
    expect(field('NDC codes')).toHaveAttribute('aria-invalid', 'true');
    expect(field('NDC codes')).toHaveFocus();
    expect(sent()).toHaveLength(1);
  });

  it('shows a bad query string at its field on load instead of asking the server', async () => {
    renderSavings('/rxlink?ndcs=&zip=98501');
    await waitFor(() =>
      expect(field('NDC codes')).toHaveAccessibleDescription(expect.stringContaining('Please enter at least one NDC code')),
    );
    expect(sent()).toEqual([]);
  });

  it.each([
    ['npi=12', 'Pharmacy NPI', 'Please enter the pharmacy NPI as 10 digits'],
    ['phone=123', 'Phone number', 'Please enter a valid 10 digit phone number'],
    ['zip=9850', 'ZIP code', 'Please enter a 5 digit ZIP code'],
    ['phone=%00%00', 'Phone number', 'Please enter a valid 10 digit phone number'],
  ])('refuses %s from the query string at its field', async (query, label, message) => {
    renderSavings(`/rxlink?${query}`);
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(sent()).toEqual([]);
  });

  it("shows the server's 400 about a field at that field", async () => {
    renderSavings('/rxlink', {
      status: 400,
      body: {
        code: 'PRICING.VALIDATION',
        message: 'Please enter the pharmacy NPI as 10 digits',
        errors: [{ field: 'pharmacyNPI', message: 'Please enter the pharmacy NPI as 10 digits' }],
      },
    });
    await waitFor(() =>
      expect(field('Pharmacy NPI')).toHaveAccessibleDescription(expect.stringContaining('Please enter the pharmacy NPI as 10 digits')),
    );
    expect(field('Pharmacy NPI')).toHaveFocus();
    // At the field only: no line of its own besides.
    for (const alert of screen.getAllByRole('alert')) expect(alert).toBeEmptyDOMElement();
  });

  it.each([
    [
      'the server message',
      {
        status: 502,
        body: { code: 'PRICING.COUPON_SERVICE_FAILED', message: 'Something went wrong generating savings, please try again later.' },
      },
      'Error: Something went wrong generating savings, please try again later.',
    ],
    ['"Failed to check savings" when the answer has none', { status: 500, body: 'oops' }, 'Failed to check savings'],
    ['what the failed call threw when the server is unreachable', 'network-error' as const, 'The server could not be reached.'],
  ])('shows %s', async (_, reply, text) => {
    renderSavings('/rxlink', reply as never);
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(text));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the staff-only page when the role was revoked since the page loaded', async () => {
    renderSavings('/rxlink', { status: 403, body: { code: 'AUTH.STAFF_ONLY', message: STAFF_ONLY_MESSAGE } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Savings' })).not.toBeInTheDocument();
  });

  it('Copy Permalink asks for NDCs first, then copies the address of the form as typed', async () => {
    const user = setupUser();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    renderSavings('/rxlink');
    await screen.findByRole('table');
    await replaceText(user, field('NDC codes'), '');
    await user.click(screen.getByRole('button', { name: 'Copy Permalink' }));
    expect(await screen.findByText('Please enter NDC codes first')).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();

    await replaceText(user, field('NDC codes'), '21695-0784-60');
    await user.click(screen.getByRole('button', { name: 'Copy Permalink' }));
    expect(await screen.findByText('Permalink copied to clipboard!')).toBeInTheDocument();
    const copied = new URL(writeText.mock.calls[0]![0]);
    expect(copied.pathname).toBe('/rxlink');
    expect(Object.fromEntries(copied.searchParams)).toEqual({ ndcs: '21695078460', phone: '3605550123', zip: '98501', npi: '1003000126' });
  });

  it('leads to the other debug pages and opens Common Queries in a new tab', async () => {
    renderSavings('/rxlink');
    const nav = screen.getByRole('navigation', { name: 'Other debug pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/errors', '/ndcProducts', '/ndcPackages', '/debug/insurerUptimeCheck', '/open-ai']);
    expect(screen.getByRole('link', { name: 'Common Queries (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    await screen.findByRole('table');
  });
});
