import { CommonErrorCode } from '@healthlink/contracts';
import { HttpStatus, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHmac } from 'node:crypto';
import { AppError } from '../../common/errors';
import type { AppConfig } from '../../config';
import { deriveHmacKey } from './hmac-keys';
import { RateLimitsRepository } from './rate-limits.repository';
import { WriteBehindCounters } from './write-behind-counters';

export interface RateLimitRule {
  /** Names the counter, e.g. 'login-ip'. */
  name: string;
  max: number;
  windowSeconds: number;
  /**
   * Counted in this process and written to PostgreSQL in batches (WriteBehindCounters): no database write per hit,
   * at the price of other processes' hits being seen up to a quarter second late. Only for limits that guard load
   * on public reads; a limit that guards an account or a code stays exact.
   */
  writeBehind?: true;
}

/**
 * Fixed-window limits kept in PostgreSQL, so they hold across every API process. Windows are short, so a
 * real user who trips one waits minutes, not hours.
 */
export const RATE_LIMITS = {
  loginPerAddress: { name: 'login-ip', max: 30, windowSeconds: 15 * 60 },
  // Failures count per account AND address: a stranger guessing elsewhere cannot lock the owner out.
  loginFailuresPerAccountAndAddress: { name: 'login-fail', max: 8, windowSeconds: 15 * 60 },
  // Across every address: past it, an address that already failed on the account gets no more guesses, while
  // one that has not (the owner's, usually) still signs in.
  loginFailuresPerAccount: { name: 'login-fail-acct', max: 100, windowSeconds: 15 * 60 },
  signupPerAddress: { name: 'signup-ip', max: 20, windowSeconds: 60 * 60 },
  codeSendPerAddress: { name: 'code-send-ip', max: 10, windowSeconds: 15 * 60 },
  codeSendPerAccount: { name: 'code-send-acct', max: 3, windowSeconds: 15 * 60 },
  codeCheckPerAddress: { name: 'code-check-ip', max: 20, windowSeconds: 15 * 60 },
  passwordChangePerUser: { name: 'pw-change', max: 10, windowSeconds: 15 * 60 },
  emailChangeCodePerUser: { name: 'email-code-send', max: 3, windowSeconds: 15 * 60 },
  contactPerAddress: { name: 'contact-ip', max: 5, windowSeconds: 15 * 60 },
  analyticsPerAddress: { name: 'analytics-ip', max: 300, windowSeconds: 15 * 60 },
  // POST /api/errors/log is open to visitors: a broken page reports a few errors, not thousands.
  errorLogPerAddress: { name: 'errors-log-ip', max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Who is counted: an address, an e-mail, a user id, or several together (an account at an address). */
export type RateSubject = string | readonly string[];

/** Counters older than every window are pruned (the longest window is an hour). */
export const RATE_LIMIT_RETENTION_SECONDS = 2 * 60 * 60;

@Injectable()
export class RateLimiter implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly subjectKey: Buffer;
  private readonly counters: WriteBehindCounters;

  constructor(
    private readonly repository: RateLimitsRepository,
    config: ConfigService<AppConfig, true>,
  ) {
    this.subjectKey = deriveHmacKey(config.get('auth', { infer: true }).resetCodeSecret, 'rate-limit-subject');
    // In this process a written-behind counter is keyed by the subject itself; each flush hashes the keys it writes
    // (once per key and flush, not once per hit) and maps the shared counts back.
    this.counters = new WriteBehindCounters(
      async (counts) => {
        const plain = new Map(counts.map((count) => [this.hashed(count.key), count.key]));
        const shared = await this.repository.addHits(counts.map((count) => ({ ...count, key: this.hashed(count.key) })));
        return shared.flatMap((count) => {
          const key = plain.get(count.key);
          return key === undefined ? [] : [{ ...count, key }];
        });
      },
      undefined,
      undefined,
      (error) => this.logger.warn({ err: { message: (error as Error).message } }, 'rate-limit counts not written; kept for the next flush'),
    );
  }

  /** The counts still in this process are written before it ends. */
  async onModuleDestroy(): Promise<void> {
    this.counters.stop();
    await this.counters.flush();
  }

  /** Counts a hit; throws 429 once the window holds more than `max`. */
  async consume(rule: RateLimitRule, subject: RateSubject): Promise<void> {
    if (rule.writeBehind) {
      const { hits, resetAt } = this.counters.hit(plainKey(rule, subject), rule.windowSeconds);
      if (hits > rule.max) throw tooMany(secondsUntil(new Date(resetAt)));
      return;
    }
    const { hits, resetAt } = await this.repository.hit(this.key(rule, subject), rule.windowSeconds);
    if (hits > rule.max) throw tooMany(secondsUntil(resetAt));
  }

  /**
   * Throws 429 when the window is already full, without counting (failures are counted after the fact);
   * answers the hits so far.
   */
  async check(rule: RateLimitRule, subject: RateSubject): Promise<number> {
    exact(rule);
    const current = await this.repository.peek(this.key(rule, subject), rule.windowSeconds);
    if (current && current.hits >= rule.max) throw tooMany(secondsUntil(current.resetAt));
    return current?.hits ?? 0;
  }

  async count(rule: RateLimitRule, subject: RateSubject): Promise<void> {
    exact(rule);
    await this.repository.hit(this.key(rule, subject), rule.windowSeconds);
  }

  async reset(rule: RateLimitRule, subject: RateSubject): Promise<void> {
    exact(rule);
    await this.repository.clear(this.key(rule, subject));
  }

  /** Deletes counters whose window ended long ago (a scheduled job). */
  async prune(): Promise<void> {
    const deleted = await this.repository.deleteOlderThan(RATE_LIMIT_RETENTION_SECONDS);
    this.logger.log({ deleted }, 'rate-limit counters pruned');
  }

  /** The rule's name and a keyed hash of the subject: no row names a person (e-mail) or an address. */
  private key(rule: RateLimitRule, subject: RateSubject): string {
    return this.hashed(plainKey(rule, subject));
  }

  private hashed(plain: string): string {
    const separator = plain.indexOf(':');
    const digest = createHmac('sha256', this.subjectKey)
      .update(plain.slice(separator + 1))
      .digest('base64url');
    return `${plain.slice(0, separator)}:${digest}`;
  }
}

/** The rule's name and the subject as JSON: a key that never leaves this process (stored keys are hashed). */
function plainKey(rule: RateLimitRule, subject: RateSubject): string {
  return `${rule.name}:${JSON.stringify(typeof subject === 'string' ? [subject] : subject)}`;
}

/** check, count and reset read or write the shared count alone: a written-behind rule has only consume. */
function exact(rule: RateLimitRule): void {
  if (rule.writeBehind) throw new Error(`rate limit ${rule.name} is written behind: only consume() counts it`);
}

/** 429 saying how long to wait, in minutes for people and in Retry-After for programs. */
function tooMany(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const error = new AppError(
    CommonErrorCode.TooManyRequests,
    HttpStatus.TOO_MANY_REQUESTS,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

const secondsUntil = (date: Date): number => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
