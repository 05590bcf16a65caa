import { normalizeRecoveryCode, RECOVERY_CODE_MAX_TRIES, RECOVERY_CODE_TTL_MINUTES } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { JobQueueService } from '../../jobs';
import {
  AuthenticatedUser,
  deriveHmacKey,
  newOneTimeCode,
  OneTimeCodeHasher,
  PasswordRecoveryService,
  RATE_LIMITS,
  RateLimiter,
  SessionsService,
  UsersService,
} from '../auth';
import { AccountsError } from './accounts.errors';
import { EmailChangesRepository, type PendingEmailChange } from './email-changes.repository';

export const EMAIL_CHANGE_CODE_QUEUE = 'email-change-code';
export const EMAIL_CHANGED_QUEUE = 'email-changed-notice';

/** Both mail jobs name the account, so deleting it finds them whichever address they hold. */
export interface EmailChangeCodeJob {
  userId: string;
  newEmail: string;
}

export interface EmailChangedJob {
  userId: string;
  /** The address the account signed in with before the change. */
  to: string;
  firstName: string;
  /** Partly masked: the old inbox learns where the account went without the full new address. */
  newEmailMasked: string;
  changedAt: string;
}

/** "jane.doe@example.com" -> "ja***@example.com": enough for the owner to recognise, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length > 4 ? 2 : 1;
  return `${local.slice(0, shown)}***${email.slice(at)}`;
}

/**
 * A new sign-in e-mail takes effect only once its owner proves it: the current password asks for a code sent to
 * the new address (an HMAC stored, ten minutes, five tries); that code then switches the e-mail, ends the other
 * sessions and every outstanding password reset, and the old address is told.
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);
  private readonly codes: OneTimeCodeHasher;

  constructor(
    private readonly users: UsersService,
    private readonly changes: EmailChangesRepository,
    private readonly sessions: SessionsService,
    private readonly recovery: PasswordRecoveryService,
    private readonly limiter: RateLimiter,
    private readonly queue: JobQueueService,
    private readonly mailer: Mailer,
    private readonly config: ConfigService<AppConfig, true>,
  ) {
    this.codes = new OneTimeCodeHasher(deriveHmacKey(config.get('auth', { infer: true }).resetCodeSecret, 'email-change-code'));
  }

  /** First step: the current password, then a code to the new address (by a job). Nothing changes yet. */
  async requestCode(userId: string, newEmail: string, currentPassword: string | undefined): Promise<void> {
    await this.proveItIsTheUser(userId, currentPassword);
    // After the password, so a session alone cannot learn which e-mails have accounts.
    if (await this.users.emailTaken(newEmail)) throw AccountsError.emailTaken();
    await this.limiter.consume(RATE_LIMITS.emailChangeCodePerUser, userId);
    await this.queue.send(EMAIL_CHANGE_CODE_QUEUE, { userId, newEmail } satisfies EmailChangeCodeJob);
  }

  /** The job: a new code for the request, sent to the new address. */
  async sendCode({ userId, newEmail }: EmailChangeCodeJob): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.email === newEmail) return;
    const code = newOneTimeCode();
    const codeExpiresAt = new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000);
    await this.changes.replace({ userId, newEmail, codeHash: this.codes.hash(userId, newEmail, code) }, codeExpiresAt);
    const product = this.config.get('productName', { infer: true });
    await this.mailer.send({
      to: newEmail,
      subject: `Confirm your new ${product} sign-in email`,
      text: [
        `Hello ${user.firstName},`,
        '',
        `Your code to make this the email you sign in to ${product} with is: ${code}`,
        '',
        `It works once, for ${RECOVERY_CODE_TTL_MINUTES} minutes. If you did not ask for this, you can ignore this e-mail.`,
      ].join('\n'),
    });
    this.logger.log({ userId }, 'e-mail change code sent');
  }

  /** Second step: the code sent to `newEmail`; every try counts, the fifth wrong one spends the request. */
  async checkCode(userId: string, newEmail: string, rawCode: string): Promise<PendingEmailChange> {
    const pending = await this.changes.findLive(userId);
    if (!pending || pending.newEmail !== newEmail) throw AccountsError.emailCodeDoesNotMatch();
    const attempts = await this.changes.countAttempt(pending.id);
    if (attempts === null) throw AccountsError.emailCodeDoesNotMatch();
    if (attempts > RECOVERY_CODE_MAX_TRIES || !this.codes.matches(pending.codeHash, userId, newEmail, normalizeRecoveryCode(rawCode))) {
      if (attempts >= RECOVERY_CODE_MAX_TRIES) await this.changes.markUsed(pending.id);
      throw AccountsError.emailCodeDoesNotMatch();
    }
    return pending;
  }

  /** In the transaction that writes the new e-mail: the request is spent, other sessions and resets end. */
  async complete(user: AuthenticatedUser, pending: PendingEmailChange, manager: EntityManager): Promise<void> {
    if (!(await this.changes.markUsed(pending.id, manager))) throw AccountsError.emailCodeDoesNotMatch();
    await this.sessions.endAll(user.userId, 'email_change', user.sessionId, manager);
    await this.recovery.endOutstanding(user.userId, manager);
  }

  /** After the commit: the change stands even when the notice cannot be queued; that failure is recorded. */
  async tellOldAddress(userId: string, oldEmail: string, newEmail: string, firstName: string): Promise<void> {
    const changedAt = new Date().toISOString();
    const job: EmailChangedJob = { userId, to: oldEmail, firstName, newEmailMasked: maskEmail(newEmail), changedAt };
    try {
      await this.queue.send(EMAIL_CHANGED_QUEUE, job);
    } catch (error) {
      await this.mailer.recordFinalFailure('email-change-notice', error).catch(() => undefined);
    }
  }

  /** The job: tells the old address. */
  async sendNotice(job: EmailChangedJob): Promise<void> {
    const product = this.config.get('productName', { infer: true });
    const support = this.config.get('site', { infer: true }).supportEmail;
    const when = job.changedAt.slice(0, 16).replace('T', ' ');
    await this.mailer.send({
      to: job.to,
      subject: `Your ${product} sign-in email was changed`,
      text: [
        `Hello ${job.firstName},`,
        '',
        `The email address you use to sign in to ${product} was changed to ${job.newEmailMasked} on ${when} UTC.`,
        'Every other session of your account was signed out.',
        '',
        `If you made this change, you need not do anything. If you did not, contact us at ${support} right away.`,
      ].join('\n'),
    });
    this.logger.log({ userId: job.userId }, 'sign-in e-mail change notice sent');
  }

  /** The current password, counted against the same per-user limit as a password change. */
  private async proveItIsTheUser(userId: string, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) throw AccountsError.currentPasswordRequired();
    await this.limiter.consume(RATE_LIMITS.passwordChangePerUser, userId);
    if (!(await this.users.verifyPassword(userId, currentPassword))) throw AccountsError.wrongCurrentPassword();
  }
}
