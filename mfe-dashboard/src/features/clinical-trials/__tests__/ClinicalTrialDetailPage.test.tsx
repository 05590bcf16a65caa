import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { siteInfoQuery } from '@healthlink/web-runtime';
import { renderPage } from '@healthlink/test-support/render-page';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { setupUser } from '@healthlink/test-support/user';
import { detailOf, TRIAL_DETAIL_PATH, trialDetailHref } from '../lib/trial-detail-link';
import { ClinicalTrialDetailPage } from '../routes/ClinicalTrialDetailPage';
import { buildTrial } from './fake-clinical-trials-api';

const openDetail = (href: string) => renderPage(<ClinicalTrialDetailPage />, href, { routePath: TRIAL_DETAIL_PATH });
const section = (name: string) => within(screen.getByRole('region', { name }));
const fact = (region: ReturnType<typeof section>, term: string) =>
  region.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

const trial = buildTrial({
  nctId: 'NCT05123456',
  organization: 'Harbor University Medical Center',
  officialTitle: 'A Randomized Trial of Glucose Control in Adults With Type 2 Diabetes',
  overallStatus: 'RECRUITING',
  briefSummary: 'This study tests whether a new plan helps blood sugar.',
  startDate: '2023-06',
  primaryCompletionDate: '2025-12-31',
  lastUpdatePostDate: '2024-03-05',
  detailedDescription: 'Participants take part for 12 weeks.\n\nVisits are monthly.',
  phases: ['PHASE2', 'PHASE3'],
  conditions: ['Diabetes Mellitus, Type 2', 'Hypertension'],
  eligibilityCriteria: 'Inclusion Criteria:\n\n* Adults 18 to 75',
  healthyVolunteers: false,
  sex: 'FEMALE',
  minimumAge: '18 Years',
  stdAges: ['ADULT', 'OLDER_ADULT'],
  interventionType: 'DIETARY_SUPPLEMENT',
  interventionName: 'Vitamin D',
  interventionDescription: '2000 IU daily',
  primaryOutcomeMeasure: 'Change in HbA1c',
  primaryOutcomeTimeFrame: '12 weeks',
});

describe('/clinicalTrialsMore', () => {
  it('shows every parameter of the spec in labelled sections, the lists as comma lists in words', () => {
    openDetail(trialDetailHref(detailOf(trial)));
    expect(screen.getByRole('heading', { level: 1, name: trial.officialTitle ?? '' })).toBeInTheDocument();
    expect(screen.getByText('Clinical trial NCT05123456')).toBeInTheDocument();
    expect(document.title).toBe('Clinical Trial Details | CarePath');

    const overview = section('Overview');
    expect(fact(overview, 'Organization')).toHaveTextContent('Harbor University Medical Center');
    expect(fact(overview, 'NCT number')).toHaveTextContent('NCT05123456');
    expect(fact(overview, 'Status')).toHaveTextContent('Recruiting');
    expect(fact(overview, 'Status').querySelector('.trial-status')).toHaveClass('trial-status--green');
    expect(fact(overview, 'Phases')).toHaveTextContent(/^Phase 2, Phase 3$/);
    // A condition with a comma of its own stays one condition.
    expect(fact(overview, 'Conditions')).toHaveTextContent(/^Diabetes Mellitus, Type 2, Hypertension$/);

    const dates = section('Dates');
    expect(fact(dates, 'Start date')).toHaveTextContent('June 2023');
    expect(fact(dates, 'Primary completion date')).toHaveTextContent('Dec 31, 2025');
    expect(fact(dates, 'Last update posted')).toHaveTextContent('Mar 5, 2024');

    expect(section('Brief summary').getByText('This study tests whether a new plan helps blood sugar.')).toBeInTheDocument();
    expect(section('Detailed description').getByText(/Participants take part for 12 weeks\.\s+Visits are monthly\./)).toBeInTheDocument();

    const eligibility = section('Eligibility');
    expect(fact(eligibility, 'Sex')).toHaveTextContent('Female');
    expect(fact(eligibility, 'Minimum age')).toHaveTextContent('18 Years');
    expect(fact(eligibility, 'Age groups')).toHaveTextContent(/^Adult \(18 to 64\), Older adult \(65 and over\)$/);
    expect(fact(eligibility, 'Healthy volunteers')).toHaveTextContent('Does not accept healthy volunteers');
    expect(eligibility.getByRole('heading', { level: 3, name: 'Eligibility criteria' })).toBeInTheDocument();
    expect(eligibility.getByText(/Inclusion Criteria:\s+\* Adults 18 to 75/)).toBeInTheDocument();

    const intervention = section('Intervention');
    expect(fact(intervention, 'Intervention type')).toHaveTextContent('Dietary Supplement');
    expect(fact(intervention, 'Intervention name')).toHaveTextContent('Vitamin D');
    expect(intervention.getByText('2000 IU daily')).toBeInTheDocument();

    const outcome = section('Primary outcome');
    expect(fact(outcome, 'Primary outcome measure')).toHaveTextContent('Change in HbA1c');
    expect(fact(outcome, 'Time frame')).toHaveTextContent('12 weeks');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has Back and View Full Trial at the top and the bottom; View Full Trial opens the registry page in a new tab', () => {
    openDetail(trialDetailHref(detailOf(trial)));
    const links = screen.getAllByRole('link', { name: /^View Full Trial/ });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('href', 'https://clinicaltrials.gov/study/NCT05123456');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName('View Full Trial (opens ClinicalTrials.gov in a new tab)');
    }
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(2);
    // Top and bottom: before the first section and after the last.
    const [first, last] = links;
    const sections = screen.getAllByRole('region');
    expect(first.compareDocumentPosition(sections[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(last.compareDocumentPosition(sections.at(-1) as Node) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('shows "Not given" for what the link did not carry', () => {
    openDetail(`${TRIAL_DETAIL_PATH}?nctId=NCT05123456&officialTitle=Short`);
    expect(fact(section('Overview'), 'Organization')).toHaveTextContent('Not given');
    expect(fact(section('Overview'), 'Phases')).toHaveTextContent('Not given');
    expect(fact(section('Eligibility'), 'Healthy volunteers')).toHaveTextContent('Not given');
    expect(fact(section('Overview'), 'Status')).toHaveTextContent('Status not given');
    expect(screen.getAllByRole('link', { name: /^View Full Trial/ })).toHaveLength(2);
  });

  it.each([
    [
      'a malformed nctId',
      'NCT123',
      '“NCT123” is not a ClinicalTrials.gov study number (NCT followed by 8 digits), so we cannot open its full record.',
    ],
    ['a script in nctId', 'javascript:alert(1)', /“javascript:alert\(1\)” is not a ClinicalTrials.gov study number/],
    ['nine digits', 'NCT051234567', /“NCT051234567” is not a ClinicalTrials.gov study number/],
    ['no nctId', null, 'This link does not say which study it is, so we cannot open its full record on ClinicalTrials.gov.'],
  ])('with %s says so clearly and shows no View Full Trial link', (_, nctId, message) => {
    const params = new URLSearchParams({ officialTitle: 'A Study', overallStatus: 'RECRUITING' });
    if (nctId !== null) params.set('nctId', nctId);
    openDetail(`${TRIAL_DETAIL_PATH}?${params}`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('link', { name: /View Full Trial/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /clinicaltrials/i })).not.toBeInTheDocument();
    // The rest of the page still shows.
    expect(screen.getByRole('heading', { level: 1, name: 'A Study' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(2);
  });

  it('accepts a lower-case identifier as the registry writes it', () => {
    openDetail(`${TRIAL_DETAIL_PATH}?nctId=%20nct05123456%20`);
    expect(screen.getAllByRole('link', { name: /^View Full Trial/ })[0]).toHaveAttribute(
      'href',
      'https://clinicaltrials.gov/study/NCT05123456',
    );
  });

  it('says a shortened text is shortened', () => {
    const long = buildTrial({ detailedDescription: 'word '.repeat(4000) });
    openDetail(trialDetailHref(detailOf(long)));
    expect(section('Detailed description').getByText('Shortened here. View Full Trial for the whole text.')).toBeInTheDocument();
    expect(section('Brief summary').queryByText(/Shortened here/)).not.toBeInTheDocument();
  });

  it('with no parameters at all points to the list', () => {
    openDetail(TRIAL_DETAIL_PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Clinical Trial Details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your clinical trials' })).toHaveAttribute('href', '/clinicalTrials');
  });

  it('Back opened directly goes to the list', async () => {
    const user = setupUser();
    openDetail(trialDetailHref(detailOf(trial)));
    await user.click(screen.getAllByRole('button', { name: 'Back' })[1]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/clinicalTrials$/);
  });

  it('Back returns to where the member came from', async () => {
    const user = setupUser();
    const queryClient = new QueryClient();
    queryClient.setQueryData(siteInfoQuery.queryKey, TEST_SITE_INFO);
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/app/dashboard', trialDetailHref(detailOf(trial))]} initialIndex={1}>
          <Routes>
            <Route path={TRIAL_DETAIL_PATH} element={<ClinicalTrialDetailPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/app\/dashboard$/);
  });
});
