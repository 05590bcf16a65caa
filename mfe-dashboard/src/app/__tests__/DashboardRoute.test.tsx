import { act, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import type { ExplanationOfBenefitsPage, UserDrugsPage, UserResponse } from '@healthlink/contracts';
import { renderPage } from '@healthlink/test-support/render-page';
import { serveApi } from '@healthlink/test-support/api-server';
import { DashboardRoute } from '../DashboardRoute';
import {
  buildLink,
  buildPeriod,
  buildPlan,
  serveErrorLog,
  servePlan,
  serveSpending,
} from '../../features/dashboard/__tests__/fake-dashboard-api';
import { buildClaim } from '../../features/health-history/__tests__/fake-health-history-api';
import { buildRxRow } from '../../features/rx/__tests__/fake-rx-api';
import { buildTrials, completeWith, serveTrials } from '../../features/clinical-trials/__tests__/fake-clinical-trials-api';
import { buildRows, complete, serveRanks } from '../../features/plans/__tests__/fake-plans-api';
import { buildTips, serveMedicalTips } from '../../features/medical-tips/__tests__/fake-medical-tips-api';

const user: UserResponse = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  postal_code: null,
  role: 'patient',
};
const drugs: UserDrugsPage = {
  queryRes: [buildRxRow({ drug_name: 'Metformin 500 MG Oral Tablet', date_prescribed: '2025-03-02', insurer: 'humana' })],
  nextCursor: null,
  total: 1,
  asOf: null,
};
const claims: ExplanationOfBenefitsPage = {
  EOB: [buildClaim({ date: '2025-02-10', insurer: 'humana' })],
  nextCursor: null,
  total: 1,
  asOf: null,
};

// Every widget of the page fetches; the waits inside are what is tested.
jest.setTimeout(20_000);

function serveOtherWidgets() {
  serveErrorLog();
  serveMedicalTips({ status: 200, body: buildTips() });
  servePlan({ body: buildPlan() });
  serveSpending({ month: { body: { by: 'month', periods: [buildPeriod('2025-02')], asOf: null } } });
  serveApi({
    'GET /api/user': { status: 200, body: user },
    'GET /api/insurerDataFetch/links': {
      status: 200,
      body: { links: [buildLink({ insurer: 'humana', name: 'Humana', status: 'relink_required' })] },
    },
    'GET /api/userDrugs': { status: 200, body: drugs },
    'GET /api/explanationOfBenefits': { status: 200, body: claims },
    'GET /api/drugInteractions': {
      status: 200,
      body: {
        interactions: [{ drug_a: 'Simvastatin 20 MG Oral Tablet', drug_b: 'Clarithromycin 500 MG Oral Tablet', level: 'major' }],
        asOf: '2014-04-04',
        source: 'ONC high-priority and non-interruptive drug-drug interaction lists',
        unchecked: [],
      },
    },
  });
}

const DASHBOARD_TOAST = 'There was an error retrieving some of your data. Please try again later';

describe('/app/dashboard as src/app composes it', () => {
  afterEach(() => act(() => toast.remove()));

  it('greets the member by the account name and mounts the other features: Rx and health history, the relink banner', async () => {
    serveOtherWidgets();
    serveTrials(completeWith(buildTrials(5, ['COMPLETED', 'RECRUITING'])));
    // Served after the trials: both poll /api/pollingEvent, each fake answering its own events.
    serveRanks(complete(buildRows(7)));
    renderPage(<DashboardRoute />, '/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(await screen.findByText('Your connection to Humana needs to be renewed')).toBeInTheDocument();
    const rx = within(screen.getByRole('region', { name: 'Rx History' }));
    expect(await rx.findByRole('list', { name: 'Prescriptions' })).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'Health History' }));
    expect(await history.findByRole('list', { name: 'Claims' })).toBeInTheDocument();
    const interactions = within(screen.getByRole('region', { name: 'Rx Interactions' }));
    expect(
      await interactions.findByRole('heading', { name: 'Simvastatin 20 MG Oral Tablet and Clarithromycin 500 MG Oral Tablet' }),
    ).toBeInTheDocument();
    const trials = within(screen.getByRole('region', { name: 'Clinical Trials' }));
    expect(await trials.findByRole('list', { name: 'Matched clinical trials' })).toBeInTheDocument();
    expect(trials.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Trial 02',
      'Trial 04',
    ]);
    expect(trials.queryByText('Not available yet')).not.toBeInTheDocument();
    const plans = within(screen.getByRole('region', { name: 'Medicare Options' }));
    expect(await plans.findByRole('list', { name: 'Medicare plans ranked by estimated yearly cost' })).toBeInTheDocument();
    expect(plans.getAllByRole('article')).toHaveLength(5);
    expect(plans.getByRole('link', { name: 'See all Medicare Options' })).toHaveAttribute('href', '/medicareOptions');
    expect(plans.queryByText('Not available yet')).not.toBeInTheDocument();
    const tips = within(screen.getByRole('region', { name: 'Medical Tips' }));
    expect(await tips.findByRole('list', { name: 'Medical tips' })).toBeInTheDocument();
    expect(tips.queryByText('Not available yet')).not.toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_TOAST)).not.toBeInTheDocument();
  });

  it('a failing trials search shows the spec text in its section, reports clinicalTrials failed (one toast), and the rest keeps working', async () => {
    serveOtherWidgets();
    serveTrials({ status: 'error', response: { message: 'Something went wrong' } });
    serveRanks(complete(buildRows(3)));
    renderPage(<DashboardRoute />, '/app/dashboard');
    const trials = within(screen.getByRole('region', { name: 'Clinical Trials' }));
    expect(await trials.findByText('Something went wrong with fetching your Clinical Trials. Please try again later.')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Rx History' })).findByRole('list', { name: 'Prescriptions' }),
    ).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Health History' })).findByRole('list', { name: 'Claims' })).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD_TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_TOAST)).toHaveLength(1);
  });

  it('a failing plan ranking shows the Medicare Options failure text and reports planRanks failed (one toast)', async () => {
    serveOtherWidgets();
    serveTrials(completeWith(buildTrials(2)));
    serveRanks(complete([]), { startStatus: 500 });
    renderPage(<DashboardRoute />, '/app/dashboard');
    const plans = within(screen.getByRole('region', { name: 'Medicare Options' }));
    expect(
      await plans.findByText('Something went wrong with fetching your Medicare plan options. Please try again later.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD_TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_TOAST)).toHaveLength(1);
  });

  it('a failing Medical Tips read shows its text in its section and reports medicalTips failed (one toast)', async () => {
    serveOtherWidgets();
    serveMedicalTips({ status: 503, body: { code: 'SERVICE.UNAVAILABLE', message: 'Unavailable' } });
    serveTrials(completeWith(buildTrials(2)));
    serveRanks(complete(buildRows(3)));
    renderPage(<DashboardRoute />, '/app/dashboard');
    const tips = within(screen.getByRole('region', { name: 'Medical Tips' }));
    expect(await tips.findByText('Something went wrong with fetching your Medical Tips. Please try again later.')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Health History' })).findByRole('list', { name: 'Claims' })).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD_TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_TOAST)).toHaveLength(1);
  });
});
