import {
  isValidEmail,
  normalizeEmail,
  ReferralMessages,
  type AttachReferralResponse,
  type ReferralTokenResponse,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config';
import { SessionsService, UsersService, type AuthenticatedUser, type ClientMeta } from '../auth';
import { InsurersError } from './insurers.errors';
import { ReferralsRepository } from './referrals.repository';
import { sha256Hex } from '../../common/crypto';

export const REFERRAL_TTL_MS = 15 * 60 * 1000;
export const REFERRAL_INVALID = ReferralMessages.invalid;

const invalid = () => InsurersError.referralInvalid();
const signInRequired = () => InsurersError.referralSignInRequired();

/**
 * Referral: a partner holding an API key mints a single-use code for an e-mail (15 minutes). The code may
 * create a NEW account and sign it in; it never signs anyone into an account that exists (a partner could
 * mint a code for any e-mail). For an existing e-mail the person signs in themselves, and the referral is
 * then attached to their account, only when its e-mail is theirs.
 */
@Injectable()
export class ReferralsService {
  private readonly logger = new Logger(ReferralsService.name);

  constructor(
    private readonly repository: ReferralsRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
  ) {}

  /** The partner whose API key this is, or 401. Keys are compared in constant time. */
  partnerFor(apiKey: string | undefined): string {
    const given = Buffer.from(apiKey ?? '');
    const partner = this.config.get('referralPartners', { infer: true }).find((p) => {
      const expected = Buffer.from(p.apiKey);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!partner) throw InsurersError.partnerUnauthorized();
    return partner.name;
  }

  async mint(
    partner: string,
    body: { email?: string; firstName?: string; lastName?: string },
  ): Promise<{ code: string; expiresAt: string }> {
    if (!body.email?.trim() || !isValidEmail(body.email)) throw InsurersError.validation('email', 'Please enter a valid email address');
    const code = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + REFERRAL_TTL_MS);
    await this.repository.insert({
      codeHash: sha256Hex(code),
      partner,
      // Normalised as sign-in normalises, so "Jane@X.com " is the account of jane@x.com.
      email: normalizeEmail(body.email),
      firstName: body.firstName?.trim() || null,
      lastName: body.lastName?.trim() || null,
      expiresAt,
    });
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /**
   * A session for the account the code creates. An e-mail that has an account gets 409 sign-in-required and
   * no session, and the code stays live (for attaching after sign-in) until it expires.
   */
  async exchange(code: string, meta: ClientMeta): Promise<ReferralTokenResponse> {
    const codeHash = sha256Hex(code);
    const live = await this.repository.findLive(codeHash);
    if (!live) throw invalid();
    if (await this.users.emailTaken(live.email)) throw signInRequired();

    const userId = await this.dataSource.transaction(async (manager) => {
      const referral = await this.repository.consume(codeHash, manager);
      if (!referral) throw invalid();
      const created = await this.users.createForReferral(
        referral.email,
        { firstName: referral.firstName ?? '', lastName: referral.lastName ?? '' },
        manager,
      );
      // Taken since the check (a sign-up raced this): roll back, so the code stays live for attaching.
      if (!created) throw signInRequired();
      await this.repository.attach(referral.id, created.id, manager);
      return created.id;
    });
    this.logger.log({ userId, partner: live.partner }, 'account created from a referral');
    return { token: await this.sessions.start(userId, meta), created: true };
  }

  /** After signing in: spends the code on the signed-in account, only when the referral's e-mail is its e-mail. */
  async attach(user: AuthenticatedUser, code: string): Promise<AttachReferralResponse> {
    const codeHash = sha256Hex(code);
    const account = await this.users.findById(user.userId);
    const live = await this.repository.findLive(codeHash);
    if (!account || !live) throw invalid();
    if (live.email !== normalizeEmail(account.email)) {
      throw InsurersError.referralOtherAccount();
    }
    const referral = await this.repository.consumeFor(codeHash, normalizeEmail(account.email), user.userId);
    if (!referral) throw invalid();
    this.logger.log({ userId: user.userId, partner: referral.partner }, 'referral attached to an existing account');
    return { message: ReferralMessages.attached, partner: referral.partner };
  }
}
