import {
  AccountMessages,
  isValidEmail,
  normalizeEmail,
  normalizeRecoveryCode,
  RECOVERY_CODE_MAX_TRIES,
  RECOVERY_CODE_TTL_MINUTES,
  parseResetPassword,
  type MessageResponse,
  type UpdateUserPasswordRequest,
  type VerifyRandomStringResponse,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { JobQueueService } from '../../jobs';
import { AuthError } from './auth.errors';
import { assertNotCommon } from './auth.service';
import { deriveHmacKey } from './hmac-keys';
import { newOneTimeCode, OneTimeCodeHasher } from './one-time-code';
import { PasswordHasher } from './password-hasher';
import { PasswordResetsRepository } from './password-resets.repository';
import { addressSubject } from './rate-limit-subject';
import { RATE_LIMITS, RateLimiter } from './rate-limiter.service';
import { SessionsService } from './sessions.service';
import { UsersRepository } from './users.repository';
import { sha256Hex } from '../../common/crypto';

export const RECOVERY_MAIL_QUEUE = 'password-recovery-mail';
const TEMP_TOKEN_TTL_MS = 10 * 60 * 1000;

/** The account's id rides along, so deleting the account finds the job even after its e-mail changed. */
export interface RecoveryMailJob {
  email: string;
  userId: string | null;
}

/**
 * Password recovery by e-mailed code (spec part 1 §4, §7). The first call answers the same for every
 * e-mail and leaves the lookup and the sending to a job; the code is stored as an HMAC, tried at most five
 * times, and traded once for a temp token that is good only for setting the new password.
 */
@Injectable()
export class PasswordRecoveryService {
  private readonly logger = new Logger(PasswordRecoveryService.name);
  /** HKDF of AUTH_RESET_CODE_SECRET: a leaked JWT secret does not let anyone test guesses against stored codes. */
  private readonly codes: OneTimeCodeHasher;

  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly queue: JobQueueService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
  ) {
    this.codes = new OneTimeCodeHasher(deriveHmacKey(config.get('auth', { infer: true }).resetCodeSecret, 'reset-code'));
  }

  async requestCode(rawEmail: string | undefined, ip: string | null): Promise<MessageResponse> {
    if (!rawEmail?.trim()) throw AuthError.rule({ field: 'email', message: AccountMessages.fillAllFields });
    if (!isValidEmail(rawEmail)) throw AuthError.rule({ field: 'email', message: AccountMessages.invalidEmail });
    const email = normalizeEmail(rawEmail);
    await this.limiter.consume(RATE_LIMITS.codeSendPerAddress, addressSubject(ip));
    // Counted per e-mail whether or not it has an account, so the answer tells nothing.
    await this.limiter.consume(RATE_LIMITS.codeSendPerAccount, email);
    // Looked up for every e-mail alike (one indexed read), so the answer's timing tells nothing either.
    const user = await this.users.findByEmail(email);
    await this.queue.send(RECOVERY_MAIL_QUEUE, { email, userId: user?.id ?? null } satisfies RecoveryMailJob);
    return { message: AccountMessages.operationComplete };
  }

  /** The job: a new code for a known e-mail, sent by SMTP; nothing for an unknown one or an account that moved away. */
  async sendCode({ email, userId }: RecoveryMailJob): Promise<void> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user || user.email !== email) return;
    const code = newOneTimeCode();
    await this.resets.replaceCode(user.id, this.codes.hash(user.id, code), new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000));
    const product = this.config.get('productName', { infer: true });
    await this.mailer.send({
      to: user.email,
      subject: `Your ${product} password reset code`,
      text: [
        `Hello ${user.firstName},`,
        '',
        `Your code to reset your ${product} password is: ${code}`,
        '',
        `It works once, for ${RECOVERY_CODE_TTL_MINUTES} minutes. If you did not ask to reset your password, you can ignore this e-mail: your password has not changed.`,
      ].join('\n'),
    });
    this.logger.log({ userId: user.id }, 'password reset code sent');
  }

  async verifyCode(rawEmail: string | undefined, rawCode: string | undefined, ip: string | null): Promise<VerifyRandomStringResponse> {
    if (!rawEmail?.trim() || !rawCode?.trim()) {
      throw AuthError.rule({ field: rawEmail?.trim() ? 'randomString' : 'email', message: AccountMessages.fillAllFields });
    }
    await this.limiter.consume(RATE_LIMITS.codeCheckPerAddress, addressSubject(ip));
    const code = normalizeRecoveryCode(rawCode);
    const user = await this.users.findByEmail(normalizeEmail(rawEmail));
    const reset = user ? await this.resets.findLiveCode(user.id) : null;
    if (!user || !reset) throw AuthError.codeDoesNotMatch();

    const attempts = await this.resets.countAttempt(reset.id);
    if (attempts === null) throw AuthError.codeDoesNotMatch();
    if (attempts > RECOVERY_CODE_MAX_TRIES) {
      await this.resets.markUsed(reset.id);
      throw AuthError.codeDoesNotMatch();
    }
    if (!this.codes.matches(reset.codeHash, user.id, code)) {
      if (attempts >= RECOVERY_CODE_MAX_TRIES) await this.resets.markUsed(reset.id);
      throw AuthError.codeDoesNotMatch();
    }
    const tempToken = randomBytes(32).toString('base64url');
    const won = await this.resets.markVerified(reset.id, sha256Hex(tempToken), new Date(Date.now() + TEMP_TOKEN_TTL_MS));
    if (!won) throw AuthError.codeDoesNotMatch();
    return { message: AccountMessages.codeMatches, tempToken };
  }

  /** The user is the temp token's, never the body's `email`; every session ends. */
  async updatePassword(tempToken: string | null, input: Partial<UpdateUserPasswordRequest>): Promise<MessageResponse> {
    if (!tempToken) throw AuthError.resetTokenInvalid();
    // The API's confirmPassword is optional: without one, the password stands for itself.
    const parsed = parseResetPassword({ password: input.password, confirmPassword: input.confirmPassword ?? input.password });
    if (!parsed.ok) throw AuthError.rule(parsed.problem);
    const { password } = parsed.value;
    assertNotCommon('password', password);
    const passwordHash = await this.hasher.hash(password);

    await this.dataSource.transaction(async (manager) => {
      const userId = await this.resets.consumeTempToken(sha256Hex(tempToken), manager);
      if (!userId) throw AuthError.resetTokenInvalid();
      await this.users.updatePassword(userId, passwordHash, manager);
      await this.sessions.endAll(userId, 'password_reset', undefined, manager);
    });
    return { message: AccountMessages.passwordUpdated };
  }

  /** Every code and temp token of the user not used yet stops working (the sign-in e-mail changed). */
  endOutstanding(userId: string, manager: EntityManager): Promise<void> {
    return this.resets.endAllOf(userId, manager);
  }
}
