import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { ClinicalTrialsWidget } from '../components/ClinicalTrialsWidget';
import { TrialStatusBadge } from '../components/TrialStatusBadge';
import { readTrialDetail, TRIAL_DETAIL_PATH, DETAIL_PARAMS } from '../lib/trial-detail-link';
import { ClinicalTrialsPage } from '../routes/ClinicalTrialsPage';
import { buildTrial, buildTrials, completeWith, serveErrorLog, serveTrials } from './fake-clinical-trials-api';

const FAILED = 'Something went wrong with fetching your Clinical Trials. Please try again later.';
const TOAST = 'There was an error retrieving some of your data. Please try again later.';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

// The page renders slowly on a loaded two-core machine; the waits inside are what is tested.
jest.setTimeout(20_000);

const titles = () => screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const list = () => screen.findByRole('list', { name: 'Matched clinical trials' });
const fact = (article: HTMLElement, term: string) => within(article).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('Clinical Trials on the dashboard', () => {
  it('shows the loading skeleton, polls until complete, then the first 3 recruiting trials and a link to /clinicalTrials', async () => {
    // The server's order, with closed and upcoming studies between the recruiting ones.
    const trials = buildTrials(7, ['COMPLETED', 'RECRUITING', 'NOT_YET_RECRUITING', 'RECRUITING']);
    const api = serveTrials(completeWith(trials), { pendingPolls: 1 });
    const onStatus = jest.fn();
    renderPage(<ClinicalTrialsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Clinical Trials');
    await list();
    // Recruiting (and about to recruit) only, in the server's order: Trial 01 is completed, Trial 05 too.
    expect(titles()).toEqual(['Trial 02', 'Trial 03', 'Trial 04']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'See all Clinical Trials' })).toHaveAttribute('href', '/clinicalTrials');
    expect(screen.getByText(/Showing 3 recruiting of 7 matched trials/)).toBeInTheDocument();
    expect(screen.getByText('Study data as of Jun 9, 2023.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The bare call for the default distance, and a second poll after the pending one.
    expect(api.starts).toEqual([null]);
    expect(api.polls()).toBe(2);
    expect(onStatus.mock.calls).toEqual([['pending'], ['success']]);
  });

  it('shows a trial: title, status word, organization, conditions, distance and city, why it matched, and its detail link', async () => {
    const trial = buildTrial({
      briefTitle: 'Glucose Control Study',
      overallStatus: 'NOT_YET_RECRUITING',
      organization: 'Harbor University Medical Center',
      conditions: ['Diabetes Mellitus, Type 2', 'Hypertension'],
      distanceMiles: 12.4,
      nearestSite: { facility: 'Harbor Clinic', city: 'Boston', state: 'MA', zip: '02114' },
    });
    serveTrials(completeWith([trial]));
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    const card = await screen.findByRole('article', { name: 'Glucose Control Study' });
    expect(within(card).getByText('Not Yet Recruiting')).toBeInTheDocument();
    expect(fact(card, 'Organization')).toHaveTextContent('Harbor University Medical Center');
    expect(fact(card, 'Conditions')).toHaveTextContent('Diabetes Mellitus, Type 2, Hypertension');
    expect(fact(card, 'Nearest site')).toHaveTextContent('12 miles away, Boston, MAHarbor Clinic');

    const why = within(card).getByRole('button', { name: 'Why this trial for Glucose Control Study' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).getByText(/your diagnosis E11.9/i)).not.toBeVisible();
    await user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText(/Your diagnosis E11\.9, type 2 diabetes mellitus without complications/)).toBeVisible();
    expect(within(card).getByText(/“Diabetes Mellitus, Type 2”/)).toBeVisible();
    const checks = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(checks).toContain('Age: the study asks 18 Years to 75 Years; you: 54 years. Fits you');
    expect(checks).toContain('Sex: the study asks All; you: Female. Fits you');
    expect(checks).toContain('Healthy volunteers: Does not accept healthy volunteers. You have diagnoses on record. For your information');

    const link = within(card).getByRole('link', { name: 'View details of Glucose Control Study' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe(TRIAL_DETAIL_PATH);
    // Every parameter of the spec, each with the trial's own value.
    expect([...href.searchParams.keys()]).toEqual([...DETAIL_PARAMS]);
    const detail = readTrialDetail(href.searchParams);
    expect(detail).toEqual({
      organization: trial.organization,
      nctId: trial.nctId,
      officialTitle: trial.officialTitle,
      overallStatus: 'NOT_YET_RECRUITING',
      briefSummary: trial.briefSummary,
      startDate: trial.startDate,
      primaryCompletionDate: trial.primaryCompletionDate,
      lastUpdatePostDate: trial.lastUpdatePostDate,
      detailedDescription: trial.detailedDescription,
      phases: ['PHASE2', 'PHASE3'],
      conditions: ['Diabetes Mellitus, Type 2', 'Hypertension'],
      eligibilityCriteria: trial.eligibilityCriteria,
      healthyVolunteers: false,
      sex: 'ALL',
      minimumAge: '18 Years',
      stdAges: ['ADULT', 'OLDER_ADULT'],
      interventionType: 'DRUG',
      interventionName: 'Metformin',
      interventionDescription: '500 mg twice daily',
      primaryOutcomeMeasure: 'Change in HbA1c',
      primaryOutcomeTimeFrame: '12 weeks',
    });
  });

  it('says so when none of the matched trials is recruiting, still linking to the full list', async () => {
    serveTrials(completeWith(buildTrials(2, ['COMPLETED', 'TERMINATED'])));
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText('None of the 2 trials that matched you are recruiting right now.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all Clinical Trials' })).toHaveAttribute('href', '/clinicalTrials');
  });

  it('with nothing near enough says so and offers a larger distance', async () => {
    const onStatus = jest.fn();
    serveTrials(completeWith([]));
    renderPage(<ClinicalTrialsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText(/No recruiting or past clinical trials near you matched your diagnoses/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search a larger distance' })).toHaveAttribute('href', '/clinicalTrials');
    expect(onStatus).toHaveBeenLastCalledWith('success');
  });

  it('missing for want of diagnoses shows "No Clinical Trials found" and the way to link an insurer, and reports success', async () => {
    const onStatus = jest.fn();
    serveTrials({ status: 'missing', response: { reason: 'no-diagnoses', message: 'No diagnoses', radiusMiles: 100 } });
    renderPage(<ClinicalTrialsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText('No Clinical Trials found')).toBeInTheDocument();
    expect(screen.getByText('Add data by linking your provider')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(onStatus.mock.calls).toEqual([['pending'], ['success']]);
  });

  it('missing with no response body is the spec empty state too', async () => {
    serveTrials({ status: 'missing', response: null });
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText('No Clinical Trials found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toBeInTheDocument();
  });

  it('missing for want of a ZIP code sends the member to the profile instead', async () => {
    const message = 'Add your ZIP code in your profile to find trials near you.';
    serveTrials({ status: 'missing', response: { reason: 'no-zip', message, radiusMiles: 100 } });
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText('No Clinical Trials found')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your ZIP code' })).toHaveAttribute('href', '/userProfile');
    expect(screen.queryByRole('link', { name: 'Link Insurance Company' })).not.toBeInTheDocument();
  });

  it('missing for a ZIP code we cannot place asks to check it in the profile', async () => {
    const message = 'We could not find your ZIP code on the map. Check the ZIP code in your profile to find trials near you.';
    serveTrials({ status: 'missing', response: { reason: 'unknown-zip', message, radiusMiles: 100 } });
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText('No Clinical Trials found')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check your ZIP code' })).toHaveAttribute('href', '/userProfile');
    expect(screen.queryByRole('link', { name: 'Link Insurance Company' })).not.toBeInTheDocument();
  });

  it('missing both offers both ways', async () => {
    serveTrials({ status: 'missing', response: { reason: 'no-zip-and-diagnoses', message: 'Both', radiusMiles: 100 } });
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(screen.getByText('Add data by linking your provider')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your ZIP code' })).toHaveAttribute('href', '/userProfile');
  });

  it.each(['error', 'failed'] as const)(
    'a polled status %s shows the spec text, reports failed and logs the thrown error once; Try again fetches anew',
    async (status) => {
      const api = serveTrials({ status, response: { message: FAILED } });
      const log = serveErrorLog();
      const onStatus = jest.fn();
      renderPage(<ClinicalTrialsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
      expect(await screen.findByText(FAILED)).toBeInTheDocument();
      expect(onStatus).toHaveBeenLastCalledWith('failed');
      await waitFor(() => expect(log).toHaveLength(1));
      expect(log[0]).toMatchObject({
        errorType: 'CLINICAL_TRIALS_FETCH_EXCEPTION',
        errorDetails: { endpoint: '/api/clinicalTrials/retrieveClinicalTrials', message: 'Error fetching clinical trials' },
      });

      let open: () => void = () => undefined;
      const retried = serveTrials(completeWith(buildTrials(1)), { gate: new Promise<void>((resolve) => (open = resolve)) });
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Loading Clinical Trials…')).toBeInTheDocument();
      expect(onStatus).toHaveBeenLastCalledWith('pending');
      open();
      await list();
      expect(onStatus.mock.calls.map(([value]) => value)).toEqual(['pending', 'failed', 'pending', 'success']);
      expect(api.starts).toHaveLength(1);
      expect(retried.polls()).toBe(1);
      expect(log).toHaveLength(1);
    },
  );

  it('a failed start call shows the spec text and logs it as an answer error', async () => {
    serveTrials(completeWith([]), { startStatus: 500 });
    const log = serveErrorLog();
    renderPage(<ClinicalTrialsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ errorType: 'CLINICAL_TRIALS_FETCH_ERROR', errorDetails: { status: 500 } });
  });
});

describe('trial status (part 2 §4)', () => {
  it.each([
    ['RECRUITING', 'Recruiting', 'trial-status--green'],
    ['NOT_YET_RECRUITING', 'Not Yet Recruiting', 'trial-status--accent'],
    ['COMPLETED', 'Completed', 'trial-status--red'],
    ['TERMINATED', 'Terminated', 'trial-status--red'],
    ['WITHDRAWN', 'Withdrawn', 'trial-status--red'],
    ['ACTIVE_NOT_RECRUITING', 'Active Not Recruiting', 'trial-status--red'],
    ['ENROLLING_BY_INVITATION', 'Enrolling By Invitation', 'trial-status--default'],
    ['UNKNOWN', 'Unknown', 'trial-status--default'],
    ['', 'Status not given', 'trial-status--default'],
  ])('%s reads "%s" in %s, the word always shown', (status, words, className) => {
    const { container } = renderPage(<TrialStatusBadge status={status} />);
    const badge = container.querySelector('.trial-status') as HTMLElement;
    expect(badge).toHaveTextContent(words);
    expect(badge).toHaveClass('trial-status', className);
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('/clinicalTrials', () => {
  it('has a title, an intro, a Back link, and shows 5 recruiting first, then 5 more per Load more with focus on the first new', async () => {
    // 12 trials, the server's order mixing statuses: the page puts the joinable ones first, keeping their order.
    const trials = buildTrials(12, ['COMPLETED', 'RECRUITING', 'RECRUITING']);
    serveTrials(completeWith(trials));
    renderPage(<ClinicalTrialsPage />, '/clinicalTrials');
    expect(screen.getByRole('heading', { level: 1, name: 'Clinical Trials' })).toBeInTheDocument();
    expect(screen.getByText(/Studies you may be able to join/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    await list();
    expect(document.title).toBe('Clinical Trials | CarePath');
    expect(titles()).toEqual(['Trial 02', 'Trial 03', 'Trial 05', 'Trial 06', 'Trial 08']);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 12 trials')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(titles().slice(5)).toEqual(['Trial 09', 'Trial 11', 'Trial 12', 'Trial 01', 'Trial 04']);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Trial 09' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toHaveLength(12));
    expect(titles().slice(10)).toEqual(['Trial 07', 'Trial 10']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 12 trials')).toBeInTheDocument();
  });

  it('shows the distance (100 miles by default) and what was searched; another distance searches again from the first 5', async () => {
    const api = serveTrials(completeWith([]), {
      endFor: (radius) =>
        radius === '50' ? completeWith(buildTrials(2), { radiusMiles: 50 }) : completeWith(buildTrials(8), { radiusMiles: 100 }),
    });
    renderPage(<ClinicalTrialsPage />, '/clinicalTrials');
    const distance = screen.getByRole('combobox', { name: 'Distance from your ZIP code' });
    expect(distance).toHaveValue('100');
    expect(distance).toHaveAccessibleDescription('The list updates when you choose another distance.');
    await list();
    expect(screen.getByText('Trials within 100 miles of ZIP code 02139 that fit your diagnoses:')).toBeInTheDocument();
    expect(screen.getByText('Essential (primary) hypertension')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toHaveLength(8));

    await user.selectOptions(distance, 'Within 50 miles');
    expect(await screen.findByText('Trials within 50 miles of ZIP code 02139 that fit your diagnoses:')).toBeInTheDocument();
    expect(titles()).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 2 trials')).toBeInTheDocument();
    expect(api.starts).toEqual([null, '50']);
  });

  it('with nothing within the distance says so, with what was searched, and no Load more', async () => {
    serveTrials(completeWith([], { radiusMiles: 25 }));
    renderPage(<ClinicalTrialsPage />, '/clinicalTrials?radius=25', { routePath: '/clinicalTrials' });
    expect(await screen.findByText(/No recruiting or past clinical trials near you matched/)).toHaveAttribute('role', 'status');
    expect(screen.getByText('Trials within 25 miles of ZIP code 02139 that fit your diagnoses:')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(/Study data as of Jun 9, 2023\./)).toBeInTheDocument();
  });

  it('takes the distance from the URL, and ignores one out of range', async () => {
    const api = serveTrials(completeWith(buildTrials(1)));
    const { unmount } = renderPage(<ClinicalTrialsPage />, '/clinicalTrials?radius=25', { routePath: '/clinicalTrials' });
    expect(screen.getByRole('combobox', { name: 'Distance from your ZIP code' })).toHaveValue('25');
    await list();
    unmount();
    renderPage(<ClinicalTrialsPage />, '/clinicalTrials?radius=9000', { routePath: '/clinicalTrials' });
    expect(screen.getByRole('combobox', { name: 'Distance from your ZIP code' })).toHaveValue('100');
    await list();
    expect(api.starts).toEqual(['25', null]);
  });

  it('on a failed fetch shows the failure and one toast', async () => {
    serveTrials({ status: 'error', response: null });
    serveErrorLog();
    renderPage(<ClinicalTrialsPage />, '/clinicalTrials');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
  });
});
