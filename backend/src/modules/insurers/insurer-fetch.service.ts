import { FETCH_OPERATIONS, InsurerTexts, INSURER_NAMES, type InsurerKey } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ErrorRecorder } from '../../common/errors';
import { logSafeError } from '../../common/errors/log-safe-error';
import type { AppConfig } from '../../config';
import { HealthDataService } from '../health-data';
import { PollingJobContext, PollingService } from '../polling';
import { fhirUrl, read, searchPages } from './adapters/fhir.client';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { InsurersRepository } from './insurers.repository';
import type { FetchPayload, TokenExchangePayload } from './insurers.service';
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
      const base = this.config.get('insurers', { infer: true }).endpoints[insurer].fhirBaseUrl;
      const token = () => this.tokens.accessToken(link);
      const resourceType = FETCH_OPERATIONS[operation];
      const patient = link.patientId ? encodeURIComponent(link.patientId) : null;
      const started = Date.now();
      let stored = 0;
      let storeMs = 0;
      // Each page is stored as it arrives (upserts keyed by source ids, so a retry after a partial run only
      // completes it); storing one page overlaps fetching the next.
      const store = async (resources: Record<string, unknown>[]) => {
        const began = performance.now();
        stored += (await this.healthData.ingest(job.ownerUserId, insurer, resources)).stored;
        storeMs += performance.now() - began;
      };
      if (resourceType === 'Patient' && patient) {
        await store([await read(fhirUrl(base, `Patient/${patient}`), token)]);
      } else {
        const query = resourceType === 'Patient' ? '' : `?${patient ? `patient=${patient}&` : ''}_count=50`;
        await searchPages(fhirUrl(base, `${resourceType}${query}`), token, store);
      }
      const timing = { totalMs: Date.now() - started, storeMs: Math.round(storeMs) };
      this.logger.log({ insurer, operation, stored, ...timing }, 'insurer data stored');
      await this.polling.complete(job.pollingEventId, stored > 0 ? 'complete' : 'missing', {
        insurer,
        operation,
        count: stored,
        ...timing,
      });
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
