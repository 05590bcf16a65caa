import {
  AccountMessages,
  normalizeEmail,
  parseChangePassword,
  parseLogin,
  parseSignup,
  type LoginRequest,
  type LoginResponse,
  type MessageResponse,
  type SettingsPasswordUpdateRequest,
  type SignupRequest,
  type SignupResponse,
} from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InsuranceStatus } from '../../common/ports';
import { AuthError } from './auth.errors';
import type { AuthenticatedUser } from './authenticated-user';
import { isCommonPassword } from './common-passwords';
import { PasswordHasher } from './password-hasher';
import { addressSubject } from './rate-limit-subject';
import { RATE_LIMITS, RateLimiter } from './rate-limiter.service';
import { ClientMeta, SessionsService } from './sessions.service';
import { UsersRepository } from './users.repository';

/** Refuses a password found in the common-password list, on the field the form shows it under. */
export function assertNotCommon(field: string, password: string): void {
  if (isCommonPassword(password)) throw AuthError.rule({ field, message: AccountMessages.passwordTooCommon });
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly insuranceStatus: InsuranceStatus,
  ) {}

  async signup(body: Partial<SignupRequest>, meta: ClientMeta): Promise<SignupResponse> {
    const parsed = parseSignup(body);
    if (!parsed.ok) throw AuthError.rule(parsed.problem);
    const input = parsed.value;
    assertNotCommon('password', input.password);
    await this.limiter.consume(RATE_LIMITS.signupPerAddress, addressSubject(meta.ip));

    const user = await this.users.insert({
      email: normalizeEmail(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await this.hasher.hash(input.password),
    });
    if (!user) throw AuthError.userExists();
    return { message: AccountMessages.signupPassed, token: await this.sessions.start(user.id, meta) };
  }

  /**
   * Unknown e-mail and wrong password give the same 401 in about the same time (a decoy hash is verified).
   * Every attempt counts per address. Failures count per account at this address, so a stranger guessing
   * from elsewhere cannot lock the owner out; and per account across addresses, where a ceiling stops
   * addresses that have already failed on it (a spread-out guesser) but not one that has not.
   */
  async login(body: Partial<LoginRequest>, meta: ClientMeta): Promise<LoginResponse> {
    const parsed = parseLogin(body);
    if (!parsed.ok) throw AuthError.rule(parsed.problem);
    const input = parsed.value;
    const email = normalizeEmail(input.email);
    const address = addressSubject(meta.ip);
    const here = [email, address] as const;
    await this.limiter.consume(RATE_LIMITS.loginPerAddress, address);
    const failedHere = await this.limiter.check(RATE_LIMITS.loginFailuresPerAccountAndAddress, here);
    if (failedHere > 0) await this.limiter.check(RATE_LIMITS.loginFailuresPerAccount, email);

    const user = await this.users.findCredentialsByEmail(email);
    const valid = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !valid) {
      await this.limiter.count(RATE_LIMITS.loginFailuresPerAccountAndAddress, here);
      await this.limiter.count(RATE_LIMITS.loginFailuresPerAccount, email);
      throw AuthError.invalidCredentials();
    }
    // Only this address's count: a success here says nothing about guesses from elsewhere.
    await this.limiter.reset(RATE_LIMITS.loginFailuresPerAccountAndAddress, here);
    const token = await this.sessions.start(user.id, meta);
    const hasInsurance = await this.insuranceStatus.hasInsurance(user.id);
    return { message: AccountMessages.loginPassed, token, hasInsurance };
  }

  async logout(user: AuthenticatedUser): Promise<MessageResponse> {
    await this.sessions.end(user);
    return { message: AccountMessages.loggedOut };
  }

  /** Profile password change: the current password proves it is the user; every other session ends. */
  async changePassword(user: AuthenticatedUser, body: Partial<SettingsPasswordUpdateRequest>): Promise<MessageResponse> {
    const parsed = parseChangePassword({ curPassword: body.curPassword, newPassword: body.newPassword });
    if (!parsed.ok) throw AuthError.rule(parsed.problem);
    const input = parsed.value;
    assertNotCommon('newPassword', input.newPassword);
    await this.limiter.consume(RATE_LIMITS.passwordChangePerUser, user.userId);

    const currentHash = await this.users.passwordHashOf(user.userId);
    if (!(await this.hasher.verify(currentHash, input.curPassword))) throw AuthError.wrongCurrentPassword();
    await this.users.updatePassword(user.userId, await this.hasher.hash(input.newPassword));
    await this.sessions.endAll(user.userId, 'password_change', user.sessionId);
    return { message: AccountMessages.settingsPasswordUpdated };
  }
}
