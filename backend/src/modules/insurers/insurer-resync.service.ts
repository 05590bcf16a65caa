import { FETCH_SETS, INSURER_NAMES, isInsurerKey, type FetchOperation, type InsurerKey } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ErrorRecorder } from '../../common/errors';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { JobQueueService, safeFailureMessage } from '../../jobs';
import { UsersService } from '../auth';
import { Clock } from './clock';
import { InsurerFetchService } from './insurer-fetch.service';
import { RefreshRefusedError } from './insurer-tokens.service';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { InsurerLink, InsurersRepository } from './insurers.repository';
import { SealedValueError } from './token-cipher';

export const RESYNC_LINKS_QUEUE = 'insurer-resync-links';
export const RESYNC_LINK_QUEUE = 'insurer-resync-link';
export const RELINK_NOTICE_QUEUE = 'insurer-relink-notice';
/** 08:00 UTC: night in every US time zone, when insurers' patient-access APIs are quietest. */
export const RESYNC_SCHEDULE = '0 8 * * *';

/**
 * A link is due once its last sync is this old. Under a day, so that a link synced a few minutes into yesterday's
 * run is due again at today's tick.
 */
export const DUE_AFTER_MS = 20 * 60 * 60 * 1000;
/**
 * `_lastUpdated` is asked from this long before the last sync: the insurer stamps resources with its own clock,
 * and a batch load can become visible after the time it is stamped with. A day of overlap costs a few resources
 * stored again (idempotent upserts); a gap would hide a claim for good.
 */
export const SINCE_MARGIN_MS = 24 * 60 * 60 * 1000;

export interface ResyncLinkPayload {
  linkId: string;
}

/** The relink e-mail's job names the account (deletion finds it) and the insurer; the address is read when sending. */
export interface RelinkNoticePayload {
  userId: string;
  insurer: InsurerKey;
}

const isPartnerError = (error: unknown): error is PartnerPermanentError | PartnerTransientError =>
  error instanceof PartnerPermanentError || error instanceof PartnerTransientError;

/** An operation's failure, with the operation named for the log and the errors row. */
class OperationFailed extends Error {
  constructor(
    readonly operation: FetchOperation,
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/**
 * The daily re-sync of every active link (issue 14 point 4): a scheduled job queues one job per due link (a
 * singleton key per link), each refreshes the link's token when needed and fetches the insurer's operations through
 * the member's own fetch path, asking only for what changed since the last sync. A refused refresh marks the link
 * `relink_required` and its member gets one e-mail; transient failures are left to pg-boss's retries.
 */
@Injectable()
export class InsurerResyncService {
  private readonly logger = new Logger(InsurerResyncService.name);

  constructor(
    private readonly repository: InsurersRepository,
    private readonly fetcher: InsurerFetchService,
    private readonly queue: JobQueueService,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly mailer: Mailer,
    private readonly errors: ErrorRecorder,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  /**
   * The scheduled run: a job per due active link (a key already waiting is not queued twice), and the relink
   * e-mail of any refusal not told yet (one seen by a member's own fetch, or whose e-mail could not be queued).
   */
  async queueDueLinks(): Promise<{ queued: number; notices: number }> {
    const due = await this.repository.dueLinkIds(new Date(this.clock.now().getTime() - DUE_AFTER_MS));
    await this.queue.sendBatch(
      RESYNC_LINK_QUEUE,
      due.map((linkId) => ({ data: { linkId } satisfies ResyncLinkPayload, singletonKey: linkId })),
    );
    let notices = 0;
    for (const linkId of await this.repository.unnotifiedRelinkIds()) if (await this.notifyRelink(linkId)) notices++;
    this.logger.log({ queued: due.length, notices }, 'insurer re-sync queued');
    return { queued: due.length, notices };
  }

  /** One link's re-sync (its job). Throws only what a retry may fix. */
  async resyncLink({ linkId }: ResyncLinkPayload): Promise<void> {
    const link = await this.repository.findLinkById(linkId);
    if (!link || !isInsurerKey(link.insurer)) return;
    if (link.status === 'relink_required') {
      await this.notifyRelink(link.id);
      return;
    }
    const startedAt = this.clock.now();
    if (!this.isDue(link, startedAt)) return;
    const outcome = await this.repository.withSyncLock(link.id, () => this.sync(link.id, startedAt));
    if (!outcome.ran) this.logger.log({ insurer: link.insurer }, 'insurer re-sync of this link runs elsewhere: skipped');
  }

  /** The last attempt of a link's job failed (transient failures each time): recorded; tomorrow's run tries again. */
  async recordFinalFailure({ linkId }: ResyncLinkPayload, error: unknown): Promise<void> {
    const link = await this.repository.findLinkById(linkId);
    if (!link || !isInsurerKey(link.insurer)) return;
    await this.record(link, link.insurer, error);
  }

  /** The relink e-mail's job. Not sent when the member has linked again meanwhile or the account is gone. */
  async sendRelinkNotice({ userId, insurer }: RelinkNoticePayload): Promise<void> {
    const [user, link] = await Promise.all([this.users.findById(userId), this.repository.findLink(userId, insurer)]);
    if (!user || link?.status !== 'relink_required') return;
    const product = this.config.get('productName', { infer: true });
    const name = INSURER_NAMES[insurer];
    const relink = `${this.config.get('publicUrl', { infer: true }).replace(/\/+$/, '')}/insuranceSelect`;
    // Only that the connection needs renewing: no health detail and nothing the insurer holds.
    await this.mailer.send({
      to: user.email,
      subject: `Your connection to ${name} needs to be renewed`,
      text: [
        `Hello ${user.firstName},`,
        '',
        `Your connection to ${name} needs to be renewed. Until you link ${name} again, ${product} cannot bring in new information from it.`,
        '',
        `To renew it, sign in to ${product} and link ${name} again: ${relink}`,
      ].join('\n'),
    });
    this.logger.log({ userId, insurer }, 'insurer relink e-mail sent');
  }

  private isDue(link: InsurerLink, now: Date): boolean {
    return link.status === 'active' && (link.lastSyncedAt === null || link.lastSyncedAt.getTime() < now.getTime() - DUE_AFTER_MS);
  }

  /** Under the link's lock: re-read (another run may have just finished), fetch each operation, record the sync. */
  private async sync(linkId: string, startedAt: Date): Promise<void> {
    const link = await this.repository.findLinkById(linkId);
    if (!link || !isInsurerKey(link.insurer) || !this.isDue(link, startedAt)) return;
    const insurer = link.insurer;
    const since = link.lastSyncedAt ? new Date(link.lastSyncedAt.getTime() - SINCE_MARGIN_MS) : null;
    let stored = 0;
    try {
      for (const operation of FETCH_SETS[insurer]) stored += await this.fetchOne(link, operation, since);
    } catch (error) {
      const failure = error instanceof OperationFailed ? error.failure : error;
      if (failure instanceof RefreshRefusedError) {
        this.logger.warn({ insurer, step: 'RESYNC', status: failure.status, host: failure.host }, 'insurer refused the refresh: relink');
        await this.notifyRelink(link.id);
        return;
      }
      // Permanent: a retry would fail the same way; recorded, and tomorrow's run tries again. Transient: pg-boss retries.
      if (failure instanceof PartnerPermanentError || failure instanceof SealedValueError) {
        await this.record(link, insurer, error);
        return;
      }
      throw error;
    }
    await this.repository.markSynced(link.id, startedAt);
    this.logger.log({ insurer, stored, incremental: since !== null }, 'insurer link re-synced');
  }

  /**
   * One operation, through the member's own fetch path: a record type the member did not share (outside the
   * granted scope, or answered 403) comes back empty there, so it never blocks the link's other data.
   */
  private async fetchOne(link: InsurerLink, operation: FetchOperation, since: Date | null): Promise<number> {
    try {
      return (await this.fetcher.fetchInto(link, operation, since)).stored;
    } catch (error) {
      throw new OperationFailed(operation, error);
    }
  }

  /** Queues the link's one relink e-mail when nobody has yet; answers whether this call did. */
  private async notifyRelink(linkId: string): Promise<boolean> {
    const claimed = await this.repository.claimRelinkNotice(linkId, this.clock.now());
    if (!claimed || !isInsurerKey(claimed.insurer)) return false;
    try {
      await this.queue.send(RELINK_NOTICE_QUEUE, { userId: claimed.userId, insurer: claimed.insurer } satisfies RelinkNoticePayload);
    } catch (error) {
      // Given back: the next scheduled run queues it again.
      await this.repository.releaseRelinkNotice(linkId);
      throw error;
    }
    return true;
  }

  /** A failure for operators: the log at warn and an errors row, naming insurer, operation, host and status only. */
  private async record(link: InsurerLink, insurer: InsurerKey, error: unknown): Promise<void> {
    const operation = error instanceof OperationFailed ? error.operation : null;
    const failure = error instanceof OperationFailed ? error.failure : error;
    const partner = isPartnerError(failure) ? failure : null;
    // Partner and cipher messages hold no secrets (paths without ids); anything else is cleaned as the log is.
    const message = partner || failure instanceof SealedValueError ? (failure as Error).message : safeFailureMessage(failure);
    const context = { step: 'RESYNC', operation, host: partner?.host ?? null, status: partner?.status ?? null };
    this.logger.warn({ insurer, ...context, error: message }, `insurer re-sync failed: ${insurer}${operation ? ` ${operation}` : ''}`);
    await this.errors.record({
      errorType: 'INSURER_RESYNC_FAILED',
      userId: link.userId,
      insurerName: INSURER_NAMES[insurer],
      host: context.host,
      errorDetails: { ...context, message },
    });
  }
}
