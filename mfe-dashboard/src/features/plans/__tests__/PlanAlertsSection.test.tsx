import { screen, waitFor } from '@testing-library/react';
import { PLAN_RANKS_PATHS } from '@healthlink/contracts';
import { callsTo, deferredReply, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { PlanAlertsSection } from '../components/PlanAlertsSection';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const LABEL = 'E-mail me when a cheaper Medicare plan is available';

function serveAlerts(get: ApiHandler, put: ApiHandler = ({ body }) => ({ status: 200, body })) {
  serveApi({ [`GET ${PLAN_RANKS_PATHS.alerts}`]: get, [`PUT ${PLAN_RANKS_PATHS.alerts}`]: put });
}

describe('Medicare plan alerts (profile)', () => {
  it('explains the e-mail, shows the saved choice, and opts in and out with PUT { optedIn }', async () => {
    serveAlerts({ status: 200, body: { optedIn: false } });
    renderPage(<PlanAlertsSection />, '/userProfile');
    expect(screen.getByRole('heading', { level: 2, name: 'Medicare plan alerts' })).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', { name: LABEL });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /Once per annual enrollment season \(October 15 - December 7\).*at least \$100 less than your current plan over the last 12 months\. The e-mail holds no health details/,
    );

    await user.click(box);
    expect(await screen.findByText('You will get the enrollment-season e-mail.')).toBeInTheDocument();
    expect(box).toBeChecked();
    await user.click(box);
    expect(await screen.findByText('You will not get the enrollment-season e-mail.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(callsTo(`PUT ${PLAN_RANKS_PATHS.alerts}`).map((call) => call.body)).toEqual([{ optedIn: true }, { optedIn: false }]);
  });

  it('shows the choice being saved, and a refused save keeps the setting as it was and says so', async () => {
    const reply = deferredReply();
    serveAlerts({ status: 200, body: { optedIn: true } }, reply.handler);
    renderPage(<PlanAlertsSection />, '/userProfile');
    const box = await screen.findByRole('checkbox', { name: LABEL });
    expect(box).toBeChecked();
    await user.click(box);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    reply.release({ status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'x' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not save your Medicare plan alert setting. Please try again later.',
    );
    expect(box).toBeChecked();
  });

  it('a failed load says so and offers Retry', async () => {
    serveAlerts({ status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'x' } });
    renderPage(<PlanAlertsSection />, '/userProfile');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your Medicare plan alert setting.');
    serveAlerts({ status: 200, body: { optedIn: true } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: LABEL })).toBeChecked());
  });
});
