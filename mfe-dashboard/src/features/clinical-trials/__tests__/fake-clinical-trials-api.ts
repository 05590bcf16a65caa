import { http, HttpResponse } from 'msw';
import type {
  ClinicalTrial,
  ClinicalTrialsMissing,
  ClinicalTrialsResult,
  PollingEventResponse,
  PollingStatus,
} from '@healthlink/contracts';
import { server } from '@healthlink/test-support/api-server';

// The error log is the same fake for every widget; re-exported so the widget's tests import one fake.
export { serveErrorLog } from '@healthlink/test-support/api-server';

let sequence = 0;

/** A matched trial as the polled result carries it: every field of the contract, unique ids per call. */
export function buildTrial(overrides: Partial<ClinicalTrial> = {}): ClinicalTrial {
  sequence += 1;
  const nctId = `NCT${String(10_000_000 + sequence).padStart(8, '0')}`;
  return {
    nctId,
    briefTitle: `Study ${sequence}`,
    organization: 'Harbor University Medical Center',
    overallStatus: 'RECRUITING',
    conditions: ['Diabetes Mellitus, Type 2', 'Hypertension'],
    officialTitle: `A Randomized Study ${sequence} of Glucose Control in Adults`,
    briefSummary: 'This study tests whether a new plan helps blood sugar.',
    startDate: '2023-06',
    primaryCompletionDate: '2025-12-31',
    lastUpdatePostDate: '2024-03-05',
    detailedDescription: 'Participants take part for 12 weeks.\n\nVisits are monthly.',
    phases: ['PHASE2', 'PHASE3'],
    eligibilityCriteria: 'Inclusion Criteria:\n\n* Adults 18 to 75\n* Type 2 diabetes',
    healthyVolunteers: false,
    sex: 'ALL',
    minimumAge: '18 Years',
    maximumAge: '75 Years',
    stdAges: ['ADULT', 'OLDER_ADULT'],
    interventionType: 'DRUG',
    interventionName: 'Metformin',
    interventionDescription: '500 mg twice daily',
    interventions: [{ type: 'DRUG', name: 'Metformin', description: '500 mg twice daily' }],
    primaryOutcomeMeasure: 'Change in HbA1c',
    primaryOutcomeTimeFrame: '12 weeks',
    matchReasons: [
      {
        diagnosisCode: 'E11.9',
        diagnosisName: 'Type 2 diabetes mellitus without complications',
        studyCondition: 'Diabetes Mellitus, Type 2',
        strength: 'exact',
        text: 'your diagnosis E11.9, type 2 diabetes mellitus without complications',
      },
    ],
    checkedEligibility: [
      { criterion: 'age', label: 'Age', trialValue: '18 Years to 75 Years', memberValue: '54 years', outcome: 'meets' },
      { criterion: 'sex', label: 'Sex', trialValue: 'All', memberValue: 'Female', outcome: 'meets' },
      {
        criterion: 'healthyVolunteers',
        label: 'Healthy volunteers',
        trialValue: 'Does not accept healthy volunteers',
        memberValue: 'You have diagnoses on record',
        outcome: 'note',
      },
    ],
    distanceMiles: 12.4,
    nearestSite: { facility: 'Harbor Clinic', city: 'Boston', state: 'MA', zip: '02114' },
    score: 90,
    ...overrides,
  };
}

/** `count` trials named "Trial 01"... in the order given, with the statuses cycled from `statuses`. */
export function buildTrials(count: number, statuses: readonly string[] = ['RECRUITING']): ClinicalTrial[] {
  return Array.from({ length: count }, (_, index) =>
    buildTrial({ briefTitle: `Trial ${String(index + 1).padStart(2, '0')}`, overallStatus: statuses[index % statuses.length] }),
  );
}

export function buildResult(trials: ClinicalTrial[], overrides: Partial<ClinicalTrialsResult> = {}): ClinicalTrialsResult {
  return {
    trials,
    asOf: '2023-06-09',
    radiusMiles: 100,
    zip: '02139',
    diagnosesSearched: [
      {
        code: 'E11.9',
        name: 'Type 2 diabetes mellitus without complications',
        chapter: 'Endocrine, nutritional and metabolic diseases',
        searchTerm: 'Type 2 diabetes mellitus',
        sources: ['claim'],
      },
      {
        code: 'I10',
        name: 'Essential (primary) hypertension',
        chapter: 'Diseases of the circulatory system',
        searchTerm: 'Hypertension',
        sources: ['condition'],
      },
    ],
    computedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** How the polled event ends: its status and response. */
export interface TrialsEnd {
  status: PollingStatus;
  response: ClinicalTrialsResult | ClinicalTrialsMissing | { message: string } | null;
}

export const completeWith = (trials: ClinicalTrial[], overrides: Partial<ClinicalTrialsResult> = {}): TrialsEnd => ({
  status: 'complete',
  response: buildResult(trials, overrides),
});

export interface ServeTrialsOptions {
  /** How many times the event answers `pending` before it ends. */
  pendingPolls?: number;
  /** The start call fails with this HTTP status. */
  startStatus?: number;
  /** The end by radius asked (null: no ?radius=); `end` otherwise. */
  endFor?: (radius: string | null) => TrialsEnd;
  /** The start call answers only once this settles (to look at the page while it is in flight). */
  gate?: Promise<unknown>;
}

/**
 * GET /api/clinicalTrials/retrieveClinicalTrials answering a new pollingEventID each time, and GET
 * /api/pollingEvent/{id} answering `pending` `pendingPolls` times, then `end`. Returns the radius each start asked
 * (null when the URL had none) and the number of polls.
 */
export function serveTrials(end: TrialsEnd, { pendingPolls = 0, startStatus, endFor, gate }: ServeTrialsOptions = {}) {
  const starts: (string | null)[] = [];
  const events = new Map<string, { polls: number; end: TrialsEnd }>();
  let polls = 0;
  server.use(
    http.get('/api/clinicalTrials/retrieveClinicalTrials', async ({ request }) => {
      await gate;
      const radius = new URL(request.url).searchParams.get('radius');
      starts.push(radius);
      if (startStatus) return HttpResponse.json({ code: 'INTERNAL.UNEXPECTED', message: 'Something failed' }, { status: startStatus });
      const id = `trials-${starts.length}`;
      events.set(id, { polls: 0, end: endFor ? endFor(radius) : end });
      return HttpResponse.json({ pollingEventID: id }, { status: 202 });
    }),
    http.get('/api/pollingEvent/:id', ({ params }) => {
      polls += 1;
      const event = events.get(String(params.id));
      if (!event) return HttpResponse.json({ code: 'POLLING.NOT_FOUND', message: 'Not found' }, { status: 404 });
      event.polls += 1;
      const body: PollingEventResponse =
        event.polls <= pendingPolls ? { status: 'pending', pollInterval: 10, response: null } : { ...event.end, pollInterval: 10 };
      return HttpResponse.json(body);
    }),
  );
  return { starts, polls: () => polls };
}
