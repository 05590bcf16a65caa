import {
  ClinicalTrialsTexts,
  parseTrialRadius,
  type ClinicalTrialsFailure,
  type ClinicalTrialsMissing,
  type ClinicalTrialsResult,
  type PollingEventCreatedResponse,
  type RetrieveClinicalTrialsQuery,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PatientInfoRepository } from '../accounts';
import { RateLimiter, type RateLimitRule } from '../auth';
import { MemberDiagnosesReader, type MemberDiagnosis } from '../health-data';
import { PollingService, type PollingJobContext } from '../polling';
import { ClinicalTrialsClient, ClinicalTrialsError, MAX_PAGE_SIZE, STUDY_FIELDS, type V2Study } from './clinical-trials.client';
import { memberSexOf, type MemberSex } from './eligibility';
import { TrialsReferenceData } from './reference/trials-reference-data';
import { CLOSED_STATUSES, MATCHING_VERSION, OPEN_STATUSES, planSearches, rankTrials } from './trial-matching';
import { TrialsError } from './trials.errors';
import { TrialsRepository } from './trials.repository';

/** The polling kind (and pg-boss queue) of a trials search. */
export const TRIALS_KIND = 'clinical-trials-match';

export interface TrialsJobPayload {
  radiusMiles: number;
}

/** A search usually ends within half a second: the web polls sooner than the default second. */
export const TRIALS_POLL_INTERVAL_MS = 250;
/** Registry searches in flight at once for one member. */
export const SEARCH_CONCURRENCY = 4;
/** A cached list is reused for this long while its inputs are unchanged (registry statuses change daily). */
export const MATCH_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Each condition search runs twice: open studies (read up to 1,000, the nearest first as the registry ranks them by
 * distance), then running or past ones (up to 200: they only follow the open ones in the list).
 */
const PASSES = [
  { statuses: OPEN_STATUSES, maxStudies: 1000 },
  { statuses: CLOSED_STATUSES, maxStudies: 200 },
] as const;

/**
 * Per member: a search is up to 16 registry requests, and the web asks once per visit or radius change; 20 in 15
 * minutes is a person clicking around, not a script. Past it, 429 with Retry-After like every limit.
 */
export const TRIALS_LIMITS = {
  retrievePerUser: { name: 'trials-retrieve', max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * A member's pending search is answered again (its pollingEventID) for the same radius instead of queueing another
 * job, for this long after it started; an older one (stuck past its retry) no longer stands in for a new search.
 */
export const PENDING_REUSE_MS = 2 * 60 * 1000;

interface PendingSearch {
  /** polling.start's promise: two requests that arrive together share one event. */
  event: Promise<string>;
  startedAt: number;
}

/** What the matching reads of the member. */
export interface TrialInputs {
  diagnoses: MemberDiagnosis[];
  /** YYYY-MM-DD */
  birthdate: string | null;
  sex: MemberSex;
  /** 5 digits */
  zip: string | null;
}

export type MatchOutcome = { status: 'complete'; response: ClinicalTrialsResult } | { status: 'missing'; response: ClinicalTrialsMissing };

/** The hash a cached list is keyed by: every input that changes the list. */
export function inputsHash(inputs: TrialInputs, radiusMiles: number): string {
  const canonical = JSON.stringify({
    v: MATCHING_VERSION,
    d: inputs.diagnoses.map((d) => d.code).sort(),
    b: inputs.birthdate,
    s: inputs.sex,
    z: inputs.zip,
    r: radiusMiles,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

const pendingKey = (userId: string, radiusMiles: number) => `${userId}:${radiusMiles}`;

/** Runs `work` over `items`, at most `limit` at once; the first failure fails the whole (the others are left to finish). */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Clinical trials for the member: their diagnoses (conditions and claims), age, sex and ZIP against the registry,
 * through ClinicalTrialsClient (the sandbox or the real API, by configuration). The list is cached per member in
 * `trial_matches` and recomputed when the inputs' hash changes or after MATCH_TTL_MS. Logs carry counts, never codes,
 * terms, ZIPs or birthdates.
 */
@Injectable()
export class TrialsService {
  private readonly logger = new Logger(TrialsService.name);
  /**
   * This process's pending searches by member and radius. In memory, not in PostgreSQL: reuse only saves registry
   * calls (the rate limit is the guard, and it holds across processes), so a second API process may start its own.
   */
  private readonly pending = new Map<string, PendingSearch>();
  /** The clock of PENDING_REUSE_MS (tests move it). */
  now: () => number = Date.now;

  constructor(
    private readonly polling: PollingService,
    private readonly client: ClinicalTrialsClient,
    private readonly repository: TrialsRepository,
    private readonly diagnoses: MemberDiagnosesReader,
    private readonly patientInfo: PatientInfoRepository,
    private readonly reference: TrialsReferenceData,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * GET /api/clinicalTrials/retrieveClinicalTrials: checks `radius` (400 naming it), counts the member's limit (429),
   * then answers the member's pending search for that radius, or starts one.
   */
  async retrieve(userId: string, query: RetrieveClinicalTrialsQuery): Promise<PollingEventCreatedResponse> {
    const radius = parseTrialRadius(query.radius ?? undefined);
    if (!radius.ok) throw TrialsError.rule(radius.problem);
    await this.limiter.consume(TRIALS_LIMITS.retrievePerUser, userId);
    const key = pendingKey(userId, radius.value);
    const now = this.now();
    for (const [k, search] of this.pending) if (now - search.startedAt > PENDING_REUSE_MS) this.pending.delete(k);
    // No await between the last look and the set below: requests that arrive together share one search.
    for (let search = this.pending.get(key); search; search = this.pending.get(key)) {
      const reused = await this.stillPending(key, search, userId);
      if (reused) return { pollingEventID: reused };
    }

    const payload: TrialsJobPayload = { radiusMiles: radius.value };
    const event = this.polling.start(userId, TRIALS_KIND, payload, TRIALS_POLL_INTERVAL_MS);
    const search: PendingSearch = { event, startedAt: this.now() };
    this.pending.set(key, search);
    try {
      return { pollingEventID: await event };
    } catch (error) {
      if (this.pending.get(key) === search) this.pending.delete(key);
      throw error;
    }
  }

  /** The search's id while its event is pending; else it is forgotten and null. */
  private async stillPending(key: string, search: PendingSearch, userId: string): Promise<string | null> {
    try {
      const id = await search.event;
      if ((await this.polling.getForViewer(id, userId)).status === 'pending') return id;
    } catch {
      // Its start failed, or the event is gone (the member's events deleted): a new search starts.
    }
    if (this.pending.get(key) === search) this.pending.delete(key);
    return null;
  }

  /** The job: ends the event `complete`, `missing`, or `error` with the spec's text when the registry fails. */
  async runJob(job: PollingJobContext<TrialsJobPayload>): Promise<void> {
    let outcome: MatchOutcome;
    try {
      outcome = await this.match(job.ownerUserId, job.payload.radiusMiles);
    } catch (error) {
      if (!(error instanceof ClinicalTrialsError)) throw error;
      // A transient failure gets the job's retry; what is left fails the search with the spec's text.
      if (error.kind === 'transient' && !job.isLastAttempt) throw error;
      this.logger.warn(
        { pollingEventId: job.pollingEventId, err: { message: error.message, kind: error.kind } },
        'clinical trials search failed',
      );
      const failure: ClinicalTrialsFailure = { message: ClinicalTrialsTexts.widgetFailed };
      await this.polling.complete(job.pollingEventId, 'error', failure);
      await this.forgetPending(job);
      return;
    }
    await this.polling.complete(job.pollingEventId, outcome.status, outcome.response);
    await this.forgetPending(job);
  }

  /** An ended search no longer stands in for new ones (checked again on reuse anyway: the job may run elsewhere). */
  private async forgetPending(job: PollingJobContext<TrialsJobPayload>): Promise<void> {
    const key = pendingKey(job.ownerUserId, job.payload.radiusMiles);
    const search = this.pending.get(key);
    if (search && (await search.event.catch(() => null)) === job.pollingEventId) this.pending.delete(key);
  }

  /** The member's list: from the cache when the inputs are unchanged and it is fresh, else matched now and stored. */
  async match(userId: string, radiusMiles: number, now = new Date()): Promise<MatchOutcome> {
    const inputs = await this.inputsOf(userId);
    const missing = this.missingOf(inputs, radiusMiles);
    if (missing) return { status: 'missing', response: missing };
    const hash = inputsHash(inputs, radiusMiles);
    const cached = await this.repository.findMatch(userId);
    if (cached && cached.inputsHash === hash && now.getTime() - cached.createdAt.getTime() < MATCH_TTL_MS) {
      return { status: 'complete', response: cached.result };
    }

    const started = Date.now();
    const plan = planSearches(
      inputs.diagnoses.map((d) => ({ code: d.code, display: d.display, sources: d.sources })),
      this.reference.icd,
    );
    if (!plan.diagnoses.length) {
      return { status: 'missing', response: { reason: 'no-diagnoses', message: ClinicalTrialsTexts.missingDiagnoses, radiusMiles } };
    }
    const home = this.reference.zips.pointOf(inputs.zip!)!;
    const [dataTimestamp, pages] = await Promise.all([
      this.client.dataTimestamp(),
      mapBounded(
        PASSES.flatMap((pass) => plan.queries.map((cond) => ({ cond, ...pass }))),
        SEARCH_CONCURRENCY,
        ({ cond, statuses, maxStudies }) =>
          this.client.searchStudies({
            cond,
            statuses,
            geo: { ...home, miles: radiusMiles },
            fields: STUDY_FIELDS,
            pageSize: Math.min(maxStudies, MAX_PAGE_SIZE),
            maxStudies,
          }),
      ),
    ]);
    const studies: V2Study[] = pages.flatMap((page) => page.studies);
    const trials = rankTrials(studies, {
      diagnoses: plan.diagnoses,
      member: { birthdate: inputs.birthdate, sex: inputs.sex },
      home,
      radiusMiles,
      today: now.toISOString().slice(0, 10),
    });
    const result: ClinicalTrialsResult = {
      trials,
      asOf: dataTimestamp.slice(0, 10),
      radiusMiles,
      zip: inputs.zip!,
      diagnosesSearched: plan.diagnoses.map(({ code, name, chapter, searchTerm, sources }) => ({
        code,
        name,
        chapter,
        searchTerm,
        sources,
      })),
      computedAt: now.toISOString(),
    };
    await this.repository.saveMatch(userId, hash, result);
    this.logger.log(
      {
        diagnoses: plan.diagnoses.length,
        searches: plan.queries.length * PASSES.length,
        pages: pages.reduce((n, p) => n + p.pages, 0),
        studies: studies.length,
        trials: trials.length,
        ms: Date.now() - started,
      },
      'matched clinical trials',
    );
    return { status: 'complete', response: result };
  }

  /** The member's diagnoses and the profile's birthdate, sex and ZIP (the newest non-empty value of each source). */
  async inputsOf(userId: string): Promise<TrialInputs> {
    const [diagnoses, infos] = await Promise.all([this.diagnoses.diagnosesOf(userId), this.patientInfo.listForUser(userId)]);
    let birthdate: string | null = null;
    let gender: string | null = null;
    let postal: string | null = null;
    for (const info of infos) {
      birthdate = info.birthdate ?? birthdate;
      gender = info.gender ?? gender;
      postal = info.postalCode?.trim() ? info.postalCode : postal;
    }
    const zip = postal ? (/^(\d{5})(?:-?\d{4})?$/.exec(postal.trim())?.[1] ?? null) : null;
    return { diagnoses, birthdate, sex: memberSexOf(gender), zip };
  }

  private missingOf(inputs: TrialInputs, radiusMiles: number): ClinicalTrialsMissing | null {
    const noDiagnoses = inputs.diagnoses.length === 0;
    if (!inputs.zip && noDiagnoses)
      return { reason: 'no-zip-and-diagnoses', message: ClinicalTrialsTexts.missingZipAndDiagnoses, radiusMiles };
    if (!inputs.zip) return { reason: 'no-zip', message: ClinicalTrialsTexts.missingZip, radiusMiles };
    if (noDiagnoses) return { reason: 'no-diagnoses', message: ClinicalTrialsTexts.missingDiagnoses, radiusMiles };
    if (!this.reference.zips.pointOf(inputs.zip))
      return { reason: 'unknown-zip', message: ClinicalTrialsTexts.missingUnknownZip, radiusMiles };
    return null;
  }
}
