import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { PLAN_RANKS_PATHS, PlanTexts } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { SMALL_SCREEN_QUERY } from '@healthlink/web-ui';
import { mockMediaQueries } from '@healthlink/test-support/match-media';
import { renderPage } from '@healthlink/test-support/render-page';
import { replaceText, setupUser, type UserEvent } from '@healthlink/test-support/user';
import { MedicareOptionsWidget } from '../components/MedicareOptionsWidget';
import { PLAN_TABLE_QUERY } from '../components/PlanRankList';
import { readPlanDetail } from '../lib/plan-details-link';
import { MedicareOptionsPage } from '../routes/MedicareOptionsPage';
import { buildRow, buildRows, complete, planCalls, serveContact, serveErrorLog, serveRanks } from './fake-plans-api';

const WIDGET_FAILED = 'Something went wrong with fetching your Medicare plan options. Please try again later.';
const TOAST = 'There was an error retrieving some of your data. Please try again later.';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
  planCalls.length = 0;
});

// The page renders slowly on a loaded two-core machine; the waits inside are what is tested.
jest.setTimeout(20_000);

const list = () => screen.findByRole('list', { name: 'Medicare plans ranked by estimated yearly cost' });
const cards = () => screen.queryAllByRole('article');
const planNames = () => cards().map((card) => within(card).getByRole('link').textContent);
const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const barWidths = () => screen.getAllByTestId('rank-bar').map((bar) => bar.style.width);

describe('Medicare Options on the dashboard', () => {
  it('shows the progress bar while the ranking is polled, then the 5 lowest-cost plans and a link to /medicareOptions', async () => {
    const api = serveRanks(complete(buildRows(8)), { pendingPolls: 2 });
    const onStatus = jest.fn();
    renderPage(<MedicareOptionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    const bar = screen.getByRole('progressbar', { name: 'Ranking the Medicare plans in your county' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    // It ticks while the event is pending (polls come at least 250 ms apart).
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(2));
    // On completion the bar jumps to 100%, then the list replaces it.
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'));
    await list();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(planNames()).toEqual(['Plan 01', 'Plan 02', 'Plan 03', 'Plan 04', 'Plan 05']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'See all Medicare Options' })).toHaveAttribute('href', '/medicareOptions');
    expect(screen.getByText(/Showing the 5 lowest-cost of 8 plans/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.starts()).toBe(1);
    expect(api.polls()).toBe(3);
    expect(onStatus.mock.calls).toEqual([['pending'], ['success']]);
  });

  it('shows a plan: carrier, yearly and monthly cost, net impact, stars and the /planDetails link with the spec parameters', async () => {
    const row = buildRow(1, { total: 1234.5, name: 'Sunrise Advantage Plus', netImpact: -420, starRating: 4.5 });
    serveRanks(complete([row, buildRow(2, { netImpact: 310.1, starRating: null })]));
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    await list();
    const [first, second] = cards();
    expect(first).toHaveAccessibleName('1. Sunrise Advantage Plus');
    expect(fact(first, 'Carrier')).toHaveTextContent('Sunrise Health');
    expect(fact(first, 'Estimated yearly cost')).toHaveTextContent('$1,234.50');
    // 1234.50 / 12 = 102.875, rounded to the cent.
    expect(fact(first, 'Monthly')).toHaveTextContent('$102.88');
    expect(fact(first, 'Compared with your current plan')).toHaveTextContent('$420.00 less than your current plan');
    expect(fact(first, 'Star rating')).toHaveTextContent('4.5 out of 5 stars');
    expect(fact(second, 'Compared with your current plan')).toHaveTextContent('$310.10 more than your current plan');
    expect(fact(second, 'Star rating')).toHaveTextContent('No star rating');

    const href = new URL(within(first).getByRole('link', { name: 'Sunrise Advantage Plus' }).getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/planDetails');
    expect([...href.searchParams.keys()]).toEqual([
      'name',
      'carrier',
      'planType',
      'network',
      'totalEstCost',
      'premium',
      'medicalPremium',
      'pharmacyPremium',
      'estMedCost',
      'estPharmCost',
      'monthlyPremium',
      'estMonthlyMedCost',
      'estMonthlyPharmCost',
      'msaDeposit',
      'suppValue',
      'netImpact',
      'hNumber',
      'planIdentifier',
      'dataAsOf',
    ]);
    expect(href.searchParams.get('monthlyPremium')).toBe(row.columns[11]);
    expect(href.searchParams.get('hNumber')).toBe('H1001');
    expect(href.searchParams.get('planIdentifier')).toBe('001_0');
    const read = readPlanDetail(href.searchParams);
    expect(read.ok && read.detail.money.totalEstCost).toBe(1234.5);
    expect(read.ok && read.detail.bidId).toBe('H1001_001_0');
  });

  it('says what the estimate rests on, where, against which current plan, and what was left out', async () => {
    serveRanks(
      complete(buildRows(3), {
        place: { zip: '02139', state: 'MA', county: 'Middlesex County', source: 'contact', otherCounties: ['Suffolk County'] },
      }),
    );
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    await list();
    expect(
      screen.getByText('Estimated from your claims and prescriptions from Nov 1, 2024 to Oct 31, 2025; 2026 plan data as of Oct 1, 2025.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Plans offered in Middlesex County, MA.')).toBeInTheDocument();
    expect(screen.getByText(/priced from NADAC of/)).toBeInTheDocument();
    expect(screen.getByText(/also reaches Suffolk/)).toBeInTheDocument();
    expect(screen.getByText('3 Special Needs Plans not shown: they need eligibility.')).toBeInTheDocument();
    expect(
      screen.getByText(/Compared with your current plan, Sunrise HMO Gold: \$4,200\.00 a year, from what you actually paid/),
    ).toBeInTheDocument();
  });

  it('draws the rank bars as cost among the top 5: the dearest longest, 200 px on medium screens', async () => {
    serveRanks(complete(buildRows(5)));
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    await list();
    // Totals 1000..5000: in proportion to the dearest.
    expect(barWidths()).toEqual(['40px', '80px', '120px', '160px', '200px']);
  });

  it('on small screens maps the top 5 onto 50-150 px', async () => {
    mockMediaQueries([SMALL_SCREEN_QUERY]);
    serveRanks(complete(buildRows(5)));
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    await list();
    expect(barWidths()).toEqual(['50px', '75px', '100px', '125px', '150px']);
  });

  it('above the table breakpoint shows a table with column and row headers, bars up to 250 px on large screens', async () => {
    mockMediaQueries([PLAN_TABLE_QUERY, '(min-width: 1401px)']);
    serveRanks(complete(buildRows(5)));
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    const table = await screen.findByRole('table', { name: 'Medicare plans ranked by estimated yearly cost' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rank', 'Plan', 'Carrier', 'Estimated yearly cost', 'Monthly', 'Compared with your current plan', 'Star rating']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Plan 01', 'Plan 02', 'Plan 03', 'Plan 04', 'Plan 05']);
    expect(barWidths()).toEqual(['50px', '100px', '150px', '200px', '250px']);
  });

  it('a failed call shows the failure text, reports failed, logs it for planRanks; Try again ranks anew', async () => {
    serveRanks(complete([]), { startStatus: 500 });
    const log = serveErrorLog();
    const onStatus = jest.fn();
    renderPage(<MedicareOptionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText(WIDGET_FAILED)).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('failed');
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({
      errorType: 'PLAN_RANKS_FETCH_ERROR',
      insurerName: 'planRanks',
      errorDetails: { endpoint: PLAN_RANKS_PATHS.getAllPlanRanks, status: 500 },
    });
    let open: () => void = () => undefined;
    serveRanks(complete(buildRows(2)), { gate: new Promise<void>((resolve) => (open = resolve)) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('pending');
    open();
    await list();
    expect(onStatus.mock.calls.map(([value]) => value)).toEqual(['pending', 'failed', 'pending', 'success']);
  });

  it('a polled `error` is a failed fetch too (an exception in the log)', async () => {
    serveRanks({ status: 'error', response: null });
    const log = serveErrorLog();
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText(WIDGET_FAILED)).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ errorType: 'PLAN_RANKS_FETCH_EXCEPTION', errorDetails: { message: 'Error fetching plan ranks' } });
  });
});

describe('the contact form (ranks missing or failed)', () => {
  it.each([
    ['no-zip', PlanTexts.missingZip],
    ['unknown-zip', PlanTexts.missingUnknownZip],
    ['no-plans', PlanTexts.missingNoPlans],
  ] as const)('missing for %s shows the form with its reason and reports success', async (reason, text) => {
    serveRanks({ status: 'missing', response: { reason, message: 'server words' } });
    const onStatus = jest.fn();
    renderPage(<MedicareOptionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByRole('form', { name: 'Tell us where you live' })).toBeVisible();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('success');
  });

  it('a ranking that failed shows the form with the failure reason and reports failed', async () => {
    serveRanks({ status: 'failed', response: { message: 'Ranking failed' } });
    const onStatus = jest.fn();
    renderPage(<MedicareOptionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByRole('form', { name: 'Tell us where you live' })).toBeVisible();
    expect(screen.getByText(PlanTexts.failed)).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('failed');
  });

  it('starts at 01/01/2001, offers the 50 states, and checks each field in turn, focus on the field at fault', async () => {
    serveRanks({ status: 'missing', response: { reason: 'no-zip', message: 'No ZIP' } });
    const contacts = serveContact();
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    const form = await screen.findByRole('form', { name: 'Tell us where you live' });
    expect(within(form).getByRole('textbox', { name: 'Day' })).toHaveValue('01');
    expect(within(form).getByRole('textbox', { name: 'Month' })).toHaveValue('01');
    expect(within(form).getByRole('textbox', { name: 'Year' })).toHaveValue('2001');
    const state = within(form).getByRole('combobox', { name: 'State' });
    // "Choose a state" and the 50.
    expect(within(state).getAllByRole('option')).toHaveLength(51);
    const submit = within(form).getByRole('button', { name: 'Find my plans' });

    await user.click(submit);
    const male = within(form).getByRole('radio', { name: 'Male' });
    await waitFor(() => expect(male).toHaveFocus());
    expect(within(form).getByRole('group', { name: 'Sex' })).toHaveAccessibleDescription('This field is required');

    await user.click(within(form).getByRole('radio', { name: 'Female' }));
    await replaceText(user, within(form).getByRole('textbox', { name: 'Day' }), '31');
    await replaceText(user, within(form).getByRole('textbox', { name: 'Month' }), '02');
    await user.click(submit);
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Day' })).toHaveFocus());
    expect(within(form).getByRole('textbox', { name: 'Day' })).toHaveAccessibleDescription('Please enter a valid date of birth');

    await replaceText(user, within(form).getByRole('textbox', { name: 'Day' }), '15');
    await user.click(submit);
    const street = within(form).getByRole('textbox', { name: 'Street address' });
    await waitFor(() => expect(street).toHaveFocus());
    expect(street).toHaveAccessibleDescription('This field is required');

    await user.type(street, '1 Main St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Cambridge');
    await user.click(submit);
    await waitFor(() => expect(state).toHaveFocus());
    expect(state).toHaveAccessibleDescription('This field is required');

    await user.selectOptions(state, 'Massachusetts');
    const zip = within(form).getByRole('textbox', { name: 'ZIP code' });
    await user.type(zip, '0213');
    await user.click(submit);
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAccessibleDescription('Please enter a 5-digit ZIP code');
    // Nothing was sent while the form had a problem.
    expect(contacts).toHaveLength(0);
  });

  it('on submit shows the progress, creates the contact, re-triggers, fetches the ranks again and shows them', async () => {
    serveRanks(complete([]), {
      endFor: (start) => (start === 1 ? { status: 'missing', response: { reason: 'no-zip', message: 'No ZIP' } } : complete(buildRows(3))),
      pendingPolls: 1,
    });
    const contacts = serveContact();
    const onStatus = jest.fn();
    renderPage(<MedicareOptionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    const form = await screen.findByRole('form', { name: 'Tell us where you live' });
    await user.click(within(form).getByRole('radio', { name: 'Male' }));
    await replaceText(user, within(form).getByRole('textbox', { name: 'Year' }), '1958');
    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '1 Main St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Cambridge');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'MA');
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '02139-1234');
    await user.click(within(form).getByRole('button', { name: 'Find my plans' }));

    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await list();
    expect(planNames()).toEqual(['Plan 01', 'Plan 02', 'Plan 03']);
    expect(planCalls).toEqual([
      `GET ${PLAN_RANKS_PATHS.getAllPlanRanks}`,
      `POST ${PLAN_RANKS_PATHS.createContact}`,
      `POST ${PLAN_RANKS_PATHS.reTriggerPlanRanks}`,
      `GET ${PLAN_RANKS_PATHS.getAllPlanRanks}`,
    ]);
    expect(contacts).toEqual([
      {
        patientId: null,
        gender: 'male',
        birthDate: '1958-01-01',
        streetAddress: '1 Main St',
        city: 'Cambridge',
        state: 'MA',
        postalCode: '02139',
      },
    ]);
    expect(onStatus.mock.calls.map(([value]) => value)).toEqual(['pending', 'success', 'pending', 'success']);
  });

  it('still missing after the submit shows the form again, with what was typed', async () => {
    serveRanks({ status: 'missing', response: { reason: 'unknown-zip', message: 'Unknown ZIP' } });
    serveContact();
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    const form = await screen.findByRole('form', { name: 'Tell us where you live' });
    await user.click(within(form).getByRole('radio', { name: 'Female' }));
    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '1 Main St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Nowhere');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'VT');
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '05999');
    await user.click(within(form).getByRole('button', { name: 'Find my plans' }));
    await waitFor(() => expect(planCalls).toHaveLength(4));
    expect(await screen.findByRole('form', { name: 'Tell us where you live' })).toBeVisible();
    expect(screen.getByText(PlanTexts.missingUnknownZip)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveValue('05999');
  });

  it('a save the server refuses shows its reason at the field, keeping what was typed', async () => {
    serveRanks({ status: 'missing', response: { reason: 'no-zip', message: 'No ZIP' } });
    serveContact({
      createStatus: 400,
      createBody: {
        code: 'REQUEST.VALIDATION',
        message: 'Invalid',
        errors: [{ field: 'postalCode', message: 'Please enter a 5-digit ZIP code' }],
      },
    });
    renderPage(<MedicareOptionsWidget variant="dashboard" />, '/app/dashboard');
    const form = await screen.findByRole('form', { name: 'Tell us where you live' });
    await user.click(within(form).getByRole('radio', { name: 'Female' }));
    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '1 Main St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Cambridge');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'MA');
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '02139');
    await user.click(within(form).getByRole('button', { name: 'Find my plans' }));
    const zip = await screen.findByRole('textbox', { name: 'ZIP code' });
    await waitFor(() => expect(zip).toHaveAccessibleDescription('Please enter a 5-digit ZIP code'));
    expect(zip).toHaveValue('02139');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Cambridge');
    expect(planCalls).not.toContain(`POST ${PLAN_RANKS_PATHS.reTriggerPlanRanks}`);
  });
});

describe('/medicareOptions', () => {
  it('has a title and intro, shows 10, then 10 more per Load more with focus on the first new plan', async () => {
    serveRanks(complete(buildRows(23)));
    renderPage(<MedicareOptionsPage />, '/medicareOptions');
    expect(screen.getByRole('heading', { level: 1, name: 'Medicare Options' })).toBeInTheDocument();
    expect(screen.getByText(/ranked by what your own last 12 months of care and prescriptions would have cost/)).toBeInTheDocument();
    await list();
    expect(cards()).toHaveLength(10);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 23 plans')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(20));
    await waitFor(() => expect(screen.getByRole('heading', { name: '11. Plan 11' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The bars still compare the top 5: later, dearer plans get the full bar.
    expect(barWidths().slice(0, 5)).toEqual(['40px', '80px', '120px', '160px', '200px']);
    expect(barWidths()[22]).toBe('200px');
  });

  it('on a failed fetch shows the failure and one toast', async () => {
    serveRanks({ status: 'error', response: null });
    serveErrorLog();
    renderPage(<MedicareOptionsPage />, '/medicareOptions');
    expect(await screen.findByText(WIDGET_FAILED)).toBeInTheDocument();
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
  });
});
