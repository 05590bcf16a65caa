import { FETCH_OPERATIONS, FETCH_SETS, InsurerTexts, INSURER_NAMES, type FetchOperation, type InsurerKey } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { ErrorRecorder } from '../../common/errors';
import { logSafeError } from '../../common/errors/log-safe-error';
import type { AppConfig } from '../../config';
import { HealthDataService, unresolvedMedicationIds } from '../health-data';
import { PollingJobContext, PollingService } from '../polling';
import { fhirUrl, read, searchPages } from './adapters/fhir.client';
import { COMPANION_TYPES, scopeAllows } from './adapters/smart-scopes';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { InsurerLink, InsurersRepository } from './insurers.repository';
import { FETCH_KIND, type FetchPayload, type TokenExchangePayload } from './insurers.service';
import { InsurerTokensService } from './insurer-tokens.service';
import { SealedValueError, TokenCipher } from './token-cipher';

const isPartnerError = (error: unknown): error is PartnerPermanentError | PartnerTransientError =>
  error instanceof PartnerPermanentError || error instanceof PartnerTransientError;

/** The text of an error as the errors row may keep it: partner and cipher messages hold no secrets, others are cleaned. */
function recordableMessage(error: unknown): string {
  if (isPartnerError(error) || error instanceof SealedValueError) return error.message;
  const safe = logSafeError(error);
  const message = typeof safe === 'object' && safe !== null ? (safe as { message?: unknown }).message : safe;
  return typeof message === 'string' ? message : 'unknown error';
}

type Json = Record<string, unknown>;

/** Searched with an operation's own type: the drugs operation's MedicationDispenses (PDex payers' fills). */
const EXTRA_SEARCHES: Readonly<Partial<Record<string, readonly string[]>>> = {
  MedicationRequest: (COMPANION_TYPES.MedicationRequest ?? []).filter((type) => type !== 'Medication'),
};
/**
 * Asks the server to bring the Medications a page's requests and dispenses reference in the same page. A server
 * that does not know the parameter may ignore it (the fetch then reads them by id) or answer 400 (asked again without).
 */
const INCLUDES: Readonly<Partial<Record<string, string>>> = {
  MedicationRequest: '_include=MedicationRequest:medication',
  MedicationDispense: '_include=MedicationDispense:medication',
};
/** Medications read by id at once, per page. */
const MEDICATION_READS_IN_FLIGHT = 4;

/** One operation fetched and stored: how many resources, and where the time went. */
export interface FetchedOperation {
  stored: number;
  totalMs: number;
  storeMs: number;
  /** The member did not share this record type (outside the granted scope, or the insurer answered 403): not asked. */
  notShared?: true;
}

/** The work of the insurer jobs: the code exchange, and the fetch of one operation page by page into health data. */
@Injectable()
export class InsurerFetchService {
  private readonly logger = new Logger(InsurerFetchService.name);

  constructor(
    private readonly polling: PollingService,
    private readonly repository: InsurersRepository,
    private readonly tokens: InsurerTokensService,
    private readonly cipher: TokenCipher,
    private readonly healthData: HealthDataService,
    private readonly errors: ErrorRecorder,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
  ) {}

  async exchangeCode(job: PollingJobContext<TokenExchangePayload>): Promise<void> {
    const { insurer, stateId, authCodeEnc } = job.payload;
    await this.guard(job, insurer, 'TOKEN_EXCHANGE', InsurerTexts.authenticationFailed, async () => {
      const userId = job.ownerUserId;
      const state = await this.repository.findState(stateId);
      if (!state || state.userId !== userId) throw new PartnerPermanentError('the sign-in state is gone');
      const code = this.cipher.decrypt(authCodeEnc, { userId, insurer, column: 'insurer-token-exchange.auth_code_enc' });
      const verifier = this.cipher.decrypt(state.codeVerifierEnc, { userId, insurer, column: 'oauth_states.code_verifier_enc' });
      await this.tokens.exchangeCode(userId, insurer, state.subset, code, verifier);
      await this.polling.complete(job.pollingEventId, 'complete', { insurer, linked: true });
    });
  }

  async fetchOperation(job: PollingJobContext<FetchPayload>): Promise<void> {
    const { insurer, operation } = job.payload;
    await this.guard(job, insurer, operation, InsurerTexts.fetchFailed, async () => {
      const link = await this.repository.findLink(job.ownerUserId, insurer);
      if (!link) throw new PartnerPermanentError('the insurer is no longer linked');
      const { stored, notShared, ...timing } = await this.fetchInto(link, operation);
      await this.polling.complete(job.pollingEventId, stored > 0 && !notShared ? 'complete' : 'missing', {
        insurer,
        operation,
        count: stored,
        ...timing,
        ...(notShared ? { message: InsurerTexts.notShared } : {}),
      });
      // Once every operation of the set has ended well, the link counts as synced (the daily re-sync then asks only
      // for changes). Not fatal: a link left unsynced gets a full fetch at its next re-sync.
      await this.repository.markSyncedByFetches(job.ownerUserId, insurer, FETCH_SETS[insurer], FETCH_KIND).catch((error: unknown) => {
        this.logger.warn({ insurer, operation, error: error instanceof Error ? error.name : 'unknown error' }, 'sync time not recorded');
      });
    });
  }

  /**
   * Fetches one operation of a link into health data, page by page: a member's own fetch and the daily re-sync both
   * come here. With `since`, a search asks only for what changed after it (`_lastUpdated=gt<instant>`); a server that
   * refuses the parameter (400) gets the full search instead (the upserts, keyed by source ids, make either safe).
   */
  async fetchInto(link: InsurerLink, operation: FetchOperation, since: Date | null = null): Promise<FetchedOperation> {
    const insurer = link.insurer as InsurerKey;
    const base = this.config.get('insurers', { infer: true }).endpoints[insurer].fhirBaseUrl;
    const token = () => this.tokens.accessToken(link);
    const resourceType = FETCH_OPERATIONS[operation];
    const patient = link.patientId ? encodeURIComponent(link.patientId) : null;
    const interaction = resourceType === 'Patient' && patient ? 'read' : 'search';
    // SMART: a record type outside the scope the member granted is not asked for at all. The drugs operation also
    // searches MedicationDispense where the member shared it; the operation is "not shared" only when none of its
    // types is.
    const types = [resourceType, ...(EXTRA_SEARCHES[resourceType] ?? [])].filter((type) => scopeAllows(link.scope, type, interaction));
    if (!types.length) {
      this.logger.log({ insurer, operation }, 'not fetched: outside the scope the member granted');
      return { stored: 0, totalMs: 0, storeMs: 0, notShared: true };
    }
    const started = Date.now();
    let stored = 0;
    let storeMs = 0;
    // The Medications read by id during this fetch (null: the read failed), so each is read once.
    const medications = new Map<string, Json | null>();
    // Each page is stored as it arrives (upserts keyed by source ids, so a retry after a partial run only
    // completes it); storing one page overlaps fetching the next.
    // A page is stored only while its link exists, holding the link's row (FOR SHARE) in the page's transaction: an
    // unlink (which deletes the row, then the insurer's data) waits for the page and erases it, or has committed
    // and the fetch stops here instead of writing that insurer's data back.
    const store = async (page: Json[]) => {
      const resources =
        resourceType === 'MedicationRequest' ? [...page, ...(await this.readMedications(link, base, token, page, medications))] : page;
      // The time storing, not the Medication reads above (those are fetching).
      const began = performance.now();
      const result = await this.dataSource.transaction(async (manager) =>
        (await this.repository.holdLink(link.id, manager)) ? this.healthData.ingest(link.userId, insurer, resources, manager) : null,
      );
      if (!result) throw new PartnerPermanentError('the insurer was unlinked while its data was being fetched');
      stored += result.stored;
      storeMs += performance.now() - began;
    };
    const search = (type: string, changedSince: Date | null, include: boolean) => {
      const filters = [
        ...(type !== 'Patient' && patient ? [`patient=${patient}`] : []),
        ...(type !== 'Patient' ? ['_count=50'] : []),
        ...(include && INCLUDES[type] ? [INCLUDES[type]] : []),
        ...(changedSince ? [`_lastUpdated=gt${changedSince.toISOString().replace(/\.\d{3}Z$/, 'Z')}`] : []),
      ];
      return searchPages(fhirUrl(base, `${type}${filters.length ? `?${filters.join('&')}` : ''}`), token, store);
    };
    // A server that refuses a parameter (400) is asked again without it: first without _include, then in full
    // without _lastUpdated (the upserts, keyed by source ids, make either safe).
    const searchType = async (type: string) => {
      const attempts = [
        { since, include: !!INCLUDES[type] },
        ...(INCLUDES[type] ? [{ since, include: false }] : []),
        ...(since ? [{ since: null, include: false }] : []),
      ];
      for (const [index, attempt] of attempts.entries()) {
        try {
          return await search(type, attempt.since, attempt.include);
        } catch (error) {
          if (!(error instanceof PartnerPermanentError && error.status === 400) || index === attempts.length - 1) throw error;
          this.logger.log(
            { insurer, operation, type, include: attempt.include, incremental: attempt.since !== null },
            'the insurer refused a search parameter: asking again without it',
          );
        }
      }
    };
    let refused = 0;
    for (const type of types) {
      try {
        if (type === 'Patient' && patient) await store([await read(fhirUrl(base, `Patient/${patient}`), token)]);
        else await searchType(type);
      } catch (error) {
        const status = error instanceof PartnerPermanentError ? error.status : null;
        // RFC 6750 §3.1 insufficient_scope: the insurer refuses a record type the member did not share with us.
        if (status === 403) {
          refused++;
          this.logger.log({ insurer, operation, type, status }, 'not fetched: the insurer refused this record type (not shared)');
          continue;
        }
        // A companion type this server does not serve (many payers have no MedicationDispense) leaves the operation whole.
        if (type !== resourceType && (status === 400 || status === 404 || status === 405 || status === 501)) {
          this.logger.log({ insurer, operation, type, status }, 'not fetched: the insurer does not serve this record type');
          continue;
        }
        throw error;
      }
    }
    const timing = { totalMs: Date.now() - started, storeMs: Math.round(storeMs) };
    if (refused === types.length) return { stored, ...timing, notShared: true };
    this.logger.log({ insurer, operation, stored, incremental: since !== null, ...timing }, 'insurer data stored');
    return { stored, ...timing };
  }

  /**
   * The Medications a page's requests and dispenses reference but neither contain nor carry (the server ignored
   * `_include`), read by id through the same authenticated client, each once per fetch. A read that fails (not
   * shared, not found, the server down) is logged and skipped: the drug keeps the reference's display as its name,
   * and the next fetch tries again.
   */
  private async readMedications(
    link: InsurerLink,
    base: string,
    token: () => Promise<string>,
    page: Json[],
    cache: Map<string, Json | null>,
  ): Promise<Json[]> {
    const wanted = unresolvedMedicationIds(page);
    if (!wanted.length || !scopeAllows(link.scope, 'Medication', 'read')) return [];
    const toRead = wanted.filter((id) => !cache.has(id));
    let failed = 0;
    let status: number | null = null;
    for (let start = 0; start < toRead.length; start += MEDICATION_READS_IN_FLIGHT) {
      await Promise.all(
        toRead.slice(start, start + MEDICATION_READS_IN_FLIGHT).map(async (id) => {
          try {
            const medication = await read(fhirUrl(base, `Medication/${encodeURIComponent(id)}`), token);
            cache.set(id, medication.resourceType === 'Medication' && medication.id === id ? medication : null);
          } catch (error) {
            if (!isPartnerError(error)) throw error;
            cache.set(id, null);
            failed++;
            status = error.status;
          }
        }),
      );
    }
    if (failed) {
      this.logger.warn(
        { insurer: link.insurer, failed, status },
        'referenced Medications not read: those drugs keep the name the reference gives',
      );
    }
    return wanted.flatMap((id) => {
      const medication = cache.get(id);
      return medication ? [medication] : [];
    });
  }

  /**
   * A transient failure is retried by pg-boss until its last attempt; a permanent one, or the last attempt,
   * ends the event as failed with a message for the page and a row in the error log. Every failure is logged
   * at warn for operators: insurer, step, the partner's host and HTTP status, and the polling event's id as
   * correlation (never a token, a code or health data: partner messages name paths without ids).
   */
  private async guard(
    job: PollingJobContext<{ insurer: InsurerKey }>,
    insurer: InsurerKey,
    step: string,
    message: string,
    work: () => Promise<void>,
  ): Promise<void> {
    try {
      await work();
    } catch (error) {
      const partner = isPartnerError(error) ? error : null;
      const permanent = error instanceof PartnerPermanentError || error instanceof SealedValueError;
      const retried = !permanent && !job.isLastAttempt;
      const host = partner?.host ?? null;
      const status = partner?.status ?? null;
      // Anything but a partner or cipher error (a database error) logs by name only.
      const logged =
        partner || error instanceof SealedValueError ? recordableMessage(error) : error instanceof Error ? error.name : 'unknown error';
      this.logger.warn(
        { insurer, step, host, status, correlationId: job.pollingEventId, attempt: job.attempt, retried, error: logged },
        `insurer step failed: ${insurer} ${step}${status ? ` answered ${status}` : ''}${host ? ` (${host})` : ''}`,
      );
      if (retried) throw error;
      // The error row first: whoever sees the event failed can find why in the log.
      await this.errors.record({
        errorType: 'INSURER_FETCH_FAILED',
        userId: job.ownerUserId,
        insurerName: INSURER_NAMES[insurer],
        host,
        errorDetails: { step, status, attempt: job.attempt, correlationId: job.pollingEventId, message: recordableMessage(error) },
      });
      await this.polling.complete(job.pollingEventId, 'failed', { insurer, message });
    }
  }
}
