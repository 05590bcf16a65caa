import { screen, within } from '@testing-library/react';
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

const user: UserResponse = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', postal_code: null };
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

describe('/app/dashboard as src/app composes it', () => {
  it('greets the member by the account name and mounts the other features: Rx and health history, the relink banner', async () => {
    serveErrorLog();
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
  });
});
