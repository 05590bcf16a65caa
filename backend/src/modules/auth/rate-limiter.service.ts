import { CommonErrorCode } from '@healthlink/contracts';
import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors';
import { RateLimitsRepository } from './rate-limits.repository';

export interface RateLimitRule {
  /** Names the counter, e.g. 'login-ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window limits kept in PostgreSQL, so they hold across every API process. Windows are short, so a
 * real user who trips one waits minutes, not hours.
 */
export const RATE_LIMITS = {
  loginPerAddress: { name: 'login-ip', max: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { name: 'login-fail', max: 8, windowSeconds: 15 * 60 },
  signupPerAddress: { name: 'signup-ip', max: 20, windowSeconds: 60 * 60 },
  codeSendPerAddress: { name: 'code-send-ip', max: 10, windowSeconds: 15 * 60 },
  codeSendPerAccount: { name: 'code-send-acct', max: 3, windowSeconds: 15 * 60 },
  codeCheckPerAddress: { name: 'code-check-ip', max: 20, windowSeconds: 15 * 60 },
  passwordChangePerUser: { name: 'pw-change', max: 10, windowSeconds: 15 * 60 },
  contactPerAddress: { name: 'contact-ip', max: 5, windowSeconds: 15 * 60 },
  analyticsPerAddress: { name: 'analytics-ip', max: 300, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

@Injectable()
export class RateLimiter {
  constructor(private readonly repository: RateLimitsRepository) {}

  /** Counts a hit; throws 429 once the window holds more than `max`. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const { hits, resetAt } = await this.repository.hit(this.key(rule, subject), rule.windowSeconds);
    if (hits > rule.max) throw tooMany(secondsUntil(resetAt));
  }

  /** Throws 429 when the window is already full, without counting (failures are counted after the fact). */
  async check(rule: RateLimitRule, subject: string): Promise<void> {
    const current = await this.repository.peek(this.key(rule, subject), rule.windowSeconds);
    if (current && current.hits >= rule.max) throw tooMany(secondsUntil(current.resetAt));
  }

  async count(rule: RateLimitRule, subject: string): Promise<void> {
    await this.repository.hit(this.key(rule, subject), rule.windowSeconds);
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.repository.clear(this.key(rule, subject));
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `${rule.name}:${subject}`;
  }
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
