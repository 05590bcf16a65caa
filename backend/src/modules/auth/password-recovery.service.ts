import {
  AccountMessages,
  isValidEmail,
  normalizeEmail,
  normalizeRecoveryCode,
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODE_MAX_TRIES,
  RECOVERY_CODE_TTL_MINUTES,
  resetPasswordProblem,
  type MessageResponse,
  type UpdateUserPasswordRequest,
  type VerifyRandomStringResponse,
} from '@healthlink/contracts';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { JobQueueService, JobRegistry } from '../../jobs';
import { AuthError } from './auth.errors';
import { assertNotCommon } from './auth.service';
import { deriveHmacKey } from './hmac-keys';
import { PasswordHasher } from './password-hasher';
import { PasswordResetsRepository } from './password-resets.repository';
import { RATE_LIMITS, RateLimiter } from './rate-limiter.service';
import { SessionsService } from './sessions.service';
import { UsersRepository } from './users.repository';
import { sha256Hex } from '../../common/crypto';

export const RECOVERY_MAIL_QUEUE = 'password-recovery-mail';
// No 0/O or 1/I: the code is read off an e-mail and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEMP_TOKEN_TTL_MS = 10 * 60 * 1000;

interface RecoveryMailJob {
  email: string;
}

/**
 * Password recovery by e-mailed code (spec part 1 §4, §7). The first call answers the same for every
 * e-mail and leaves the lookup and the sending to a job; the code is stored as an HMAC, tried at most five
 * times, and traded once for a temp token that is good only for setting the new password.
 */
@Injectable()
export class PasswordRecoveryService implements OnModuleInit {
  private readonly logger = new Logger(PasswordRecoveryService.name);
  /** HKDF of AUTH_RESET_CODE_SECRET: a leaked JWT secret does not let anyone test guesses against stored codes. */
  private readonly codeKey: Buffer;

  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly registry: JobRegistry,
    private readonly queue: JobQueueService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
  ) {
    this.codeKey = deriveHmacKey(config.get('auth', { infer: true }).resetCodeSecret, 'reset-code');
  }

  onModuleInit(): void {
    this.registry.register<RecoveryMailJob>({
      queue: RECOVERY_MAIL_QUEUE,
      handle: (job) => this.sendCode(job.data.email),
      // The person waits for a code that will not come: operators see it in `errors` (no address, no code).
      onFailed: (_job, error) => this.mailer.recordFinalFailure('password-recovery-code', error),
    });
  }

  async requestCode(rawEmail: string | undefined, ip: string | null): Promise<MessageResponse> {
    if (!rawEmail?.trim()) throw AuthError.rule({ field: 'email', message: AccountMessages.fillAllFields });
    if (!isValidEmail(rawEmail)) throw AuthError.rule({ field: 'email', message: AccountMessages.invalidEmail });
    const email = normalizeEmail(rawEmail);
    await this.limiter.consume(RATE_LIMITS.codeSendPerAddress, ip ?? 'unknown');
    // Counted per e-mail whether or not it has an account, so the answer tells nothing.
    await this.limiter.consume(RATE_LIMITS.codeSendPerAccount, email);
    await this.queue.send(RECOVERY_MAIL_QUEUE, { email } satisfies RecoveryMailJob);
    return { message: AccountMessages.operationComplete };
  }

  /** The job: a new code for a known e-mail, sent by SMTP; nothing at all for an unknown one. */
  async sendCode(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const code = Array.from({ length: RECOVERY_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    await this.resets.replaceCode(user.id, this.codeHash(user.id, code), new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000));
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
    await this.limiter.consume(RATE_LIMITS.codeCheckPerAddress, ip ?? 'unknown');
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
    if (!this.sameHash(reset.codeHash, this.codeHash(user.id, code))) {
      if (attempts >= RECOVERY_CODE_MAX_TRIES) await this.resets.markUsed(reset.id);
      throw AuthError.codeDoesNotMatch();
    }
    const tempToken = randomBytes(32).toString('base64url');
    const won = await this.resets.markVerified(reset.id, sha256Hex(tempToken), new Date(Date.now() + TEMP_TOKEN_TTL_MS));
    if (!won) throw AuthError.codeDoesNotMatch();
    return { message: AccountMessages.codeMatches, tempToken };
  }

  /** The user is the temp token's, never the body's `email`; every session ends. */
  async updatePassword(tempToken: string | null, input: UpdateUserPasswordRequest): Promise<MessageResponse> {
    if (!tempToken) throw AuthError.resetTokenInvalid();
    const password = input.password ?? '';
    const problem = resetPasswordProblem({ password, confirmPassword: input.confirmPassword ?? password });
    if (problem) throw AuthError.rule(problem);
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

  private codeHash(userId: string, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${userId}:${code}`).digest('hex');
  }

  private sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && timingSafeEqual(left, right);
  }
}

