import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-hot-toast';
import { PLAN_RANKS_PATHS } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply, server, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { mockMediaQueries } from '@healthlink/test-support/match-media';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { PLAN_TABLE_QUERY } from '../components/PlanRankList';
import { planDetailsHref } from '../lib/plan-details-link';
import { PlanTexts } from '../lib/plan-texts';
import { PlanDetailsPage } from '../routes/PlanDetailsPage';
import { buildBenefits, buildEstimate, buildRow, serveSearch } from './fake-plans-api';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

jest.setTimeout(20_000);

const ROW = buildRow(1, { total: 5400, name: 'Sunrise Advantage Plus', netImpact: -420 });
const HREF = planDetailsHref(ROW, '2025-10-01');

interface DetailsApi {
  estimate?: ApiHandler;
  benefits?: ApiHandler;
  birthdate?: string | null;
  lead?: ApiHandler;
}

function serveDetails({ estimate, benefits, birthdate = null, lead }: DetailsApi = {}) {
  serveApi({
    [`GET ${PLAN_RANKS_PATHS.estimate}`]: estimate ?? { status: 200, body: buildEstimate() },
    [`POST ${PLAN_RANKS_PATHS.planBenefits}`]: benefits ?? { status: 200, body: buildBenefits() },
    'GET /api/patientInfo': {
      status: 200,
      body: {
        patientInfoEntry: birthdate ? [{ birthdate }] : [],
        account: { email: 'ada@example.com', birthdate: null },
      },
    },
    [`POST ${PLAN_RANKS_PATHS.generateLead}`]: lead ?? { status: 201, body: { message: PlanTexts.leadSent } },
  });
}

const renderDetails = (href = HREF) => renderPage(<PlanDetailsPage />, href, { routePath: '/planDetails' });
const section = (name: string) => screen.getByRole('region', { name });
const fact = (container: HTMLElement, term: string) =>
  within(container).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('/planDetails', () => {
  it('shows the plan from its link: cost breakdown a month and a year, the data date, Back and the call prompt', async () => {
    serveDetails();
    renderDetails();
    expect(screen.getByRole('heading', { level: 1, name: 'Sunrise Advantage Plus' })).toBeInTheDocument();
    expect(screen.getByText('Sunrise Health · HMO · In-network')).toBeInTheDocument();
    expect(document.title).toBe('Plan Details | CarePath');
    const costs = within(section('Cost breakdown')).getByRole('table');
    const cells = (label: string) =>
      within(within(costs).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // The link's columns, "$" stripped and shown again as money: premium 20%, medical 50%, drugs the rest.
    expect(cells('Premiums')).toEqual(['$90.00', '$1,080.00']);
    expect(cells('Medical care')).toEqual(['$225.00', '$2,700.00']);
    expect(cells('Prescriptions')).toEqual(['$135.00', '$1,620.00']);
    expect(cells('Estimated total')).toEqual(['$450.00', '$5,400.00']);
    expect(fact(section('Cost breakdown'), 'Compared with your current plan')).toHaveTextContent('$420.00 less than your current plan');
    expect(
      within(section('Cost breakdown')).getByText('2026 plan data as of Oct 1, 2025. These are estimates, not quotes.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back' })[0]).toHaveAttribute('href', '/medicareOptions');
    expect(screen.getByRole('link', { name: '(800) 555-0100' })).toHaveAttribute('href', 'tel:+18005550100');
  });

  it('shows how the plan was estimated: premiums, each line with the plan’s terms and the calculation, the cap, caveats', async () => {
    serveDetails();
    renderDetails();
    const panel = section('How we estimated this');
    expect(await within(panel).findByText('Primary doctor visit')).toBeInTheDocument();
    const visit = within(panel).getByText('Primary doctor visit').closest('li') as HTMLElement;
    expect(fact(visit, 'The plan’s terms')).toHaveTextContent('In-network: $5 copay | Out-of-network: 50% coinsurance');
    expect(fact(visit, 'How we applied them')).toHaveTextContent('4 visits x $5 copay');
    expect(fact(visit, 'Claims')).toHaveTextContent('4');
    expect(fact(visit, 'Amount')).toHaveTextContent('$20.00');
    expect(fact(panel, 'Monthly premium')).toHaveTextContent('$16.67');
    expect(fact(panel, 'In-network maximum out-of-pocket')).toHaveTextContent('$4,900.00');
    expect(fact(panel, 'Medical costs')).toHaveTextContent('$4,900.00 (capped at the maximum out-of-pocket)');
    expect(fact(panel, 'Estimated yearly cost')).toHaveTextContent('$5,400.00');
    expect(within(panel).getByText(/each drug’s tier is estimated/)).toBeInTheDocument();
    expect(within(panel).getByText('We cannot know whether your doctors are in this plan’s network.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /See this plan on Medicare.gov/ })).toHaveAttribute('target', '_blank');
    expect(callsTo(`GET ${PLAN_RANKS_PATHS.estimate}`)).toHaveLength(1);
  });

  it('asks the estimate for the plan’s bidId', async () => {
    serveDetails();
    const urls: string[] = [];
    server.use(
      http.get(PLAN_RANKS_PATHS.estimate, ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json(buildEstimate());
      }),
    );
    renderDetails();
    await within(section('How we estimated this')).findByText('Primary doctor visit');
    expect(urls.map((url) => new URL(url).searchParams.get('bidId'))).toEqual(['H1001_001_0']);
  });

  it('a failed estimate says so and can be tried again', async () => {
    serveDetails({ estimate: { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'x' } } });
    renderDetails();
    const panel = section('How we estimated this');
    expect(await within(panel).findByText(PlanTexts.estimateFailed)).toBeInTheDocument();
    serveDetails();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Primary doctor visit')).toBeInTheDocument();
  });

  it('shows the plan benefits asked by hNumber and planIdentifier, and the rideshare text', async () => {
    serveDetails();
    renderDetails();
    const benefits = section('Plan benefits');
    expect(await within(benefits).findByText(/In-network: \$499-\$999 copay \(limits apply\)/)).toBeInTheDocument();
    expect(within(benefits).getByText('24 one-way trips to plan-approved locations every year')).toBeInTheDocument();
    expect(callsTo(`POST ${PLAN_RANKS_PATHS.planBenefits}`)[0]?.body).toEqual({ hNumber: 'H1001', planIdentifier: '001_0' });
  });

  it('with no enhanced or rideshare benefits shows the spec text', async () => {
    serveDetails({
      benefits: {
        status: 200,
        body: buildBenefits({ enhancedBenefits: { pbp_b14c_bendesc_ehc: [] }, rideshareBenefits: { pbp_b10b_bendesc_mt_pal_d: null } }),
      },
    });
    renderDetails();
    expect(await within(section('Plan benefits')).findByText(PlanTexts.noBenefits)).toBeInTheDocument();
  });

  it('a failed benefits call shows the spec text', async () => {
    serveDetails({ benefits: { status: 502, body: { code: 'INTERNAL.UPSTREAM', message: 'x' } } });
    renderDetails();
    expect(await within(section('Plan benefits')).findByText(PlanTexts.benefitsFailed)).toBeInTheDocument();
  });

  it('a link missing what the page needs says which, and leads back to the list', () => {
    renderDetails('/planDetails?name=Sunrise&totalEstCost=$100.00&monthlyPremium=$1.00&hNumber=H1001&planIdentifier=001_0');
    expect(screen.getByRole('alert')).toHaveTextContent('(estMonthlyMedCost, estMonthlyPharmCost)');
    expect(screen.getByRole('link', { name: 'See your Medicare options' })).toHaveAttribute('href', '/medicareOptions');
    expect(callsTo(`GET ${PLAN_RANKS_PATHS.estimate}`)).toHaveLength(0);
  });
});

describe('the doctor and drug searches', () => {
  it('searches a doctor by the plan’s carrier, polls, and shows the result with its note (labelled cards on narrow screens)', async () => {
    serveDetails();
    const bodies = serveSearch(PLAN_RANKS_PATHS.providerSearch, {
      status: 'complete',
      response: {
        status: 'complete',
        response: {
          tableHeaders: ['Name', 'Specialty', 'City'],
          tableData: [['Jane Smith, MD', 'Family Medicine', 'Cambridge']],
          note: 'Network membership is not verified: call the plan to confirm.',
          dataAsOf: '2025-09-01',
        },
      },
    });
    renderDetails();
    const search = section('Find your doctor in this plan’s network');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    const field = within(search).getByRole('textbox', { name: 'Doctor’s name' });
    expect(field).toHaveAccessibleDescription('This field is required');
    expect(field).toHaveFocus();
    await user.type(field, 'smith');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    const results = await within(search).findByRole('list', { name: 'Results for “smith”' });
    expect(fact(results, 'Name')).toHaveTextContent('Jane Smith, MD');
    expect(fact(results, 'Specialty')).toHaveTextContent('Family Medicine');
    expect(within(search).getByText('Network membership is not verified: call the plan to confirm.')).toBeInTheDocument();
    expect(within(search).getByText('Data as of Sep 1, 2025.')).toBeInTheDocument();
    expect(bodies).toEqual([{ carrier: 'Sunrise Health', providerName: 'smith', bidId: 'H1001_001_0' }]);
  });

  it('on wide screens shows the result as a table with column headers', async () => {
    mockMediaQueries([PLAN_TABLE_QUERY]);
    serveDetails();
    serveSearch(PLAN_RANKS_PATHS.drugFormularySearch, {
      status: 'complete',
      response: {
        status: 'complete',
        response: { tableHeaders: ['Drug', 'Tier', 'Cost'], tableData: [['Metformin', 'Tier 1', '$0 copay']], note: null, dataAsOf: null },
      },
    });
    renderDetails();
    const search = section('Check a drug on this plan’s formulary');
    await user.type(within(search).getByRole('textbox', { name: 'Drug name' }), 'metformin');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    const table = await within(search).findByRole('table', { name: 'Results for “metformin”' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Drug', 'Tier', 'Cost']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Metformin', 'Tier 1', '$0 copay']);
  });

  it.each([
    ['provider', PlanTexts.searchNoProviders, PlanTexts.searchNoProviders],
    ['drug', PlanTexts.searchNoDrug, PlanTexts.searchNoDrug],
    ['drug', PlanTexts.searchNoFormulary, PlanTexts.searchNoFormulary],
    ['drug', PlanTexts.searchNoCarrier, PlanTexts.searchNoCarrierMessage],
    ['provider', 'Drug not found', PlanTexts.searchFailed],
  ] as const)('a %s search ending "%s" shows "%s"', async (kind, status, text) => {
    serveDetails();
    serveSearch(kind === 'provider' ? PLAN_RANKS_PATHS.providerSearch : PLAN_RANKS_PATHS.drugFormularySearch, {
      status: 'missing',
      response: { status: status as never, response: null },
    });
    renderDetails();
    const search = section(kind === 'provider' ? 'Find your doctor in this plan’s network' : 'Check a drug on this plan’s formulary');
    await user.type(within(search).getByRole('textbox'), 'name');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText(text)).toBeInTheDocument();
  });

  it('a polled error shows the failure text', async () => {
    serveDetails();
    serveSearch(PLAN_RANKS_PATHS.drugFormularySearch, { status: 'error', response: null });
    renderDetails();
    const search = section('Check a drug on this plan’s formulary');
    await user.type(within(search).getByRole('textbox'), 'x');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText(PlanTexts.searchFailed)).toBeInTheDocument();
  });
});

describe('Switch To This Plan (broker lead)', () => {
  it('opens a dialog with focus in the phone field, checks the number, sends it with the plan, then the spec text', async () => {
    serveDetails();
    renderDetails();
    const opener = screen.getAllByRole('button', { name: 'Switch To This Plan' })[0];
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Talk to a licensed broker' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Ask a broker to call me' }));
    expect(phone).toHaveAccessibleDescription('This field is required');
    await user.type(phone, '555-0100');
    await user.click(within(dialog).getByRole('button', { name: 'Ask a broker to call me' }));
    expect(phone).toHaveAccessibleDescription('Please enter a 10-digit phone number');
    expect(callsTo(`POST ${PLAN_RANKS_PATHS.generateLead}`)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '(617) 555-0100');
    await user.click(within(dialog).getByRole('button', { name: 'Ask a broker to call me' }));
    expect(await within(dialog).findByText('A broker will reach out to you shortly!')).toHaveAttribute('role', 'status');
    expect(callsTo(`POST ${PLAN_RANKS_PATHS.generateLead}`)[0]?.body).toEqual({ phoneNumber: '6175550100', bidId: 'H1001_001_0' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a failed lead shows the spec text and keeps the form; Escape closes and gives focus back', async () => {
    const reply = deferredReply();
    serveDetails({ lead: reply.handler });
    renderDetails();
    const opener = screen.getAllByRole('button', { name: 'Switch To This Plan' })[0];
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Talk to a licensed broker' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '6175550100');
    await user.click(within(dialog).getByRole('button', { name: 'Ask a broker to call me' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toBeInTheDocument();
    reply.release({ status: 502, body: { code: 'INTERNAL.UPSTREAM', message: 'x' } });
    expect(await within(dialog).findByText('Something went wrong. Please try again later.')).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('textbox', { name: 'Phone number' })).toHaveValue('6175550100');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside the dialog', async () => {
    serveDetails();
    renderDetails();
    await user.click(screen.getAllByRole('button', { name: 'Switch To This Plan' })[0]);
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('the Medicare enrollment guidance', () => {
  it('is collapsed until asked, lists the periods, and gives the member’s own initial window from their birth date', async () => {
    serveDetails({ birthdate: '1961-03-15' });
    renderDetails();
    const toggle = screen.getByRole('button', { name: 'When you can join or switch Medicare plans' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Anyone with Medicare can join, switch or drop/)).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Annual Enrollment Period (October 15 - December 7)')).toBeVisible();
    expect(screen.getByText('Medicare Advantage Open Enrollment (January 1 - March 31)')).toBeVisible();
    expect(screen.getByText('Special Enrollment Periods')).toBeVisible();
    expect(await screen.findByText('Your Initial Enrollment Period runs from Dec 1, 2025 to Jun 30, 2026.')).toBeVisible();
  });

  it('without a birth date lists the periods only', async () => {
    serveDetails();
    renderDetails();
    await user.click(screen.getByRole('button', { name: 'When you can join or switch Medicare plans' }));
    await waitFor(() => expect(callsTo('GET /api/patientInfo')).toHaveLength(1));
    expect(screen.queryByText(/Your Initial Enrollment Period runs/)).not.toBeInTheDocument();
  });
});
