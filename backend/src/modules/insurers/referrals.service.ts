import { isValidEmail, normalizeEmail } from '@healthlink/contracts';
import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../common/errors';
import type { AppConfig } from '../../config';
import { SessionsService, UsersService, type ClientMeta } from '../auth';
import { InsurersError } from './insurers.errors';
import { InsurersRepository } from './insurers.repository';

export const REFERRAL_TTL_MS = 15 * 60 * 1000;
export const REFERRAL_INVALID = 'Referral code invalid, expired, or already used';
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Referral: a partner holding an API key mints a single-use code for an e-mail (15 minutes); the patient's
 * browser trades it for a session, and the account is created when the e-mail is new.
 */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly repository: InsurersRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  /** The partner whose API key this is, or 401. Keys are compared in constant time. */
  partnerFor(apiKey: string | undefined): string {
    const given = Buffer.from(apiKey ?? '');
    const partner = this.config.get('referralPartners', { infer: true }).find((p) => {
      const expected = Buffer.from(p.apiKey);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!partner) throw new AppError('INSURERS.PARTNER_UNAUTHORIZED', HttpStatus.UNAUTHORIZED, 'A valid partner API key is required');
    return partner.name;
  }

  async mint(partner: string, body: { email?: string; firstName?: string; lastName?: string }): Promise<{ code: string; expiresAt: string }> {
    if (!body.email?.trim() || !isValidEmail(body.email)) throw InsurersError.validation('email', 'Please enter a valid email address');
    const code = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + REFERRAL_TTL_MS);
    await this.repository.insertReferral({
      codeHash: sha256(code),
      partner,
      email: normalizeEmail(body.email),
      firstName: body.firstName?.trim() || null,
      lastName: body.lastName?.trim() || null,
      expiresAt,
    });
    return { code, expiresAt: expiresAt.toISOString() };
  }

  async exchange(code: string, meta: ClientMeta): Promise<{ token: string; created: boolean }> {
    const referral = await this.repository.consumeReferral(sha256(code));
    if (!referral) throw new AppError('INSURERS.REFERRAL_INVALID', HttpStatus.BAD_REQUEST, REFERRAL_INVALID);
    const { user, created } = await this.users.findOrCreateByEmail(referral.email, {
      firstName: referral.first_name ?? '',
      lastName: referral.last_name ?? '',
    });
    return { token: await this.sessions.start(user.id, meta), created };
  }
}
