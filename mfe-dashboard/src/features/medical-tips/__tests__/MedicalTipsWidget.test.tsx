import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { callsTo, deferredReply, serveErrorLog } from '@healthlink/test-support/api-server';
import { setupUser } from '@healthlink/test-support/user';
import type { FetchStatus } from '../../../components/widget/widget-types';
import { MedicalTipsWidget } from '../components/MedicalTipsWidget';
import { buildTip, buildTips, MEDICAL_TIPS_KEY, serveMedicalTips } from './fake-medical-tips-api';

const FAILED = 'Something went wrong with fetching your Medical Tips. Please try again later.';

function renderWidget() {
  const statuses: FetchStatus[] = [];
  renderPage(<MedicalTipsWidget variant="dashboard" onStatus={(status) => statuses.push(status)} />, '/app/dashboard');
  return statuses;
}

describe('MedicalTipsWidget', () => {
  it('shows a skeleton while loading, then the intro, each tip (title and description), the outro and the source', async () => {
    const reply = deferredReply();
    serveMedicalTips(reply.handler);
    const statuses = renderWidget();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Medical Tips…');
    expect(statuses).toEqual(['pending']);
    reply.release({
      status: 200,
      body: buildTips({
        tips: [buildTip(), buildTip({ title: 'Keep moving', description: 'A 20-minute walk most days helps your heart.' })],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Medical tips' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Check your blood sugar',
      'Keep moving',
    ]);
    expect(items[1]).toHaveTextContent('A 20-minute walk most days helps your heart.');
    expect(screen.getByText('Here are some tips from your recent claims.')).toBeInTheDocument();
    expect(screen.getByText('Talk to your doctor.')).toBeInTheDocument();
    expect(screen.getByText('Source: ICD-10-CM FY2026 (CDC/CMS), as of Oct 1, 2025')).toBeInTheDocument();
    expect(statuses).toEqual(['pending', 'success']);
    // The call as the spec gives it: a POST with no payload.
    expect(callsTo(MEDICAL_TIPS_KEY)).toHaveLength(1);
    expect(callsTo(MEDICAL_TIPS_KEY)[0]?.body).toBeUndefined();
  });

  it('leaves out an outro the answer does not give', async () => {
    serveMedicalTips({ status: 200, body: buildTips({ outro: undefined }) });
    renderWidget();
    await screen.findByRole('list', { name: 'Medical tips' });
    expect(screen.queryByText('Talk to your doctor.')).not.toBeInTheDocument();
  });

  it('with no tips, says why in the server words when it gives them', async () => {
    serveMedicalTips({
      status: 200,
      body: buildTips({ tips: [], intro: 'We have no MedlinePlus topic for the diagnosis codes on your claims yet.' }),
    });
    renderWidget();
    expect(await screen.findByText('No Medical Tips yet')).toBeInTheDocument();
    expect(screen.getByText('We have no MedlinePlus topic for the diagnosis codes on your claims yet.')).toBeInTheDocument();
    expect(screen.queryByText('Your tips are written from your own claims, and we have none for you yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
  });

  it('a member with no claims (no tips) gets the empty state with the way to link insurance, reported as a success', async () => {
    serveMedicalTips({ status: 200, body: buildTips({ tips: [], intro: '', outro: undefined }, []) });
    const statuses = renderWidget();
    expect(await screen.findByText('No Medical Tips yet')).toBeInTheDocument();
    expect(screen.getByText('Your tips are written from your own claims, and we have none for you yet.')).toBeInTheDocument();
    expect(screen.getByText('Add data by linking your provider')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(screen.queryByRole('list', { name: 'Medical tips' })).not.toBeInTheDocument();
    expect(statuses).toEqual(['pending', 'success']);
  });

  it('a failure shows its message, reports failed, is logged once; Try again fetches again and shows the tips', async () => {
    const log = serveErrorLog();
    const second = deferredReply();
    let answers = 0;
    serveMedicalTips(() => {
      answers += 1;
      return answers === 1 ? { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Internal server error' } } : second.handler();
    });
    const user = setupUser();
    const statuses = renderWidget();
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(statuses).toEqual(['pending', 'failed']);
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({
      errorType: 'MEDICAL_TIPS_FETCH_ERROR',
      host: 'frontend-prod/localhost',
      errorDetails: { endpoint: '/api/medicalTips/getMedicalTipsFromEOB', status: 500 },
    });

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading Medical Tips…')).toBeInTheDocument();
    second.release({ status: 200, body: buildTips() });
    expect(await screen.findByRole('list', { name: 'Medical tips' })).toBeInTheDocument();
    expect(statuses).toEqual(['pending', 'failed', 'pending', 'success']);
    expect(log).toHaveLength(1);
  });

  it('logs a failure to reach the server as an exception', async () => {
    const log = serveErrorLog();
    serveMedicalTips('network-error');
    renderWidget();
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]?.errorType).toBe('MEDICAL_TIPS_FETCH_EXCEPTION');
  });
});
