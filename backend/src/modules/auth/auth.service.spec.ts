import { AccountMessages } from '@healthlink/contracts';
import { buildAccount } from '../../../test/factories/user.factory';
import { strictMock } from '../../../test/utils/strict-mock';
import { AppError } from '../../common/errors';
import type { InsuranceStatus } from '../../common/ports';
import { AuthService } from './auth.service';
import type { PasswordHasher } from './password-hasher';
import { RATE_LIMITS, type RateLimiter } from './rate-limiter.service';
import type { SessionsService } from './sessions.service';
import type { UserCredentials } from './user';
import type { UsersRepository } from './users.repository';

const ada = buildAccount({ id: '6f1c1b9e-4a55-4b43-9d3c-2f1d2d7f0a11', email: 'ada@example.com' });
const credentials = (overrides: Partial<UserCredentials> = {}): UserCredentials => ({ ...ada, passwordHash: 'hash', ...overrides });

describe('AuthService', () => {
  let users: jest.Mocked<UsersRepository>;
  let hasher: jest.Mocked<PasswordHasher>;
  let sessions: jest.Mocked<SessionsService>;
  let limiter: jest.Mocked<RateLimiter>;
  let insurance: jest.Mocked<InsuranceStatus>;
  let service: AuthService;
  const meta = { ip: '2001:db8:1:2::99', userAgent: 'jest' };
  const bucket = '2001:db8:1:2::/64';
  const password = 'Harbor-Lantern-74';

  beforeEach(() => {
    users = strictMock<UsersRepository>();
    hasher = strictMock<PasswordHasher>();
    sessions = strictMock<SessionsService>();
    limiter = strictMock<RateLimiter>();
    insurance = strictMock<InsuranceStatus>();
    limiter.consume.mockResolvedValue(undefined);
    limiter.check.mockResolvedValue(0);
    limiter.count.mockResolvedValue(undefined);
    limiter.reset.mockResolvedValue(undefined);
    service = new AuthService(users, hasher, sessions, limiter, insurance);
  });

  describe('login', () => {
    it("opens a session and answers hasInsurance from the port; clears only this address's failures", async () => {
      users.findCredentialsByEmail.mockResolvedValue(credentials());
      hasher.verify.mockResolvedValue(true);
      sessions.start.mockResolvedValue('token-1');
      insurance.hasInsurance.mockResolvedValue(true);

      await expect(service.login({ email: ' Ada@Example.com ', password }, meta)).resolves.toEqual({
        message: AccountMessages.loginPassed,
        token: 'token-1',
        hasInsurance: true,
      });
      expect(users.findCredentialsByEmail).toHaveBeenCalledWith('ada@example.com');
      expect(limiter.consume).toHaveBeenCalledWith(RATE_LIMITS.loginPerAddress, bucket);
      expect(limiter.reset).toHaveBeenCalledWith(RATE_LIMITS.loginFailuresPerAccountAndAddress, ['ada@example.com', bucket]);
      expect(limiter.count).not.toHaveBeenCalled();
      expect(sessions.start).toHaveBeenCalledWith(credentials().id, meta);
    });

    it('answers 401 to a wrong password and counts the failure per account and address and per account', async () => {
      users.findCredentialsByEmail.mockResolvedValue(credentials());
      hasher.verify.mockResolvedValue(false);
      const error = await service.login({ email: 'ada@example.com', password }, meta).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 401, code: 'AUTH.INVALID_CREDENTIALS' });
      expect(limiter.count).toHaveBeenCalledWith(RATE_LIMITS.loginFailuresPerAccountAndAddress, ['ada@example.com', bucket]);
      expect(limiter.count).toHaveBeenCalledWith(RATE_LIMITS.loginFailuresPerAccount, 'ada@example.com');
      expect(sessions.start).not.toHaveBeenCalled();
    });

    it('answers an unknown e-mail the same way, after verifying against a decoy', async () => {
      users.findCredentialsByEmail.mockResolvedValue(null);
      hasher.verify.mockResolvedValue(false);
      await expect(service.login({ email: 'nobody@example.com', password }, meta)).rejects.toMatchObject({ status: 401 });
      expect(hasher.verify).toHaveBeenCalledWith(undefined, password);
    });

    it('checks the per-account ceiling only for an address that already failed on the account', async () => {
      users.findCredentialsByEmail.mockResolvedValue(credentials());
      hasher.verify.mockResolvedValue(true);
      sessions.start.mockResolvedValue('t');
      insurance.hasInsurance.mockResolvedValue(false);
      await service.login({ email: 'ada@example.com', password }, meta);
      expect(limiter.check).toHaveBeenCalledTimes(1);

      limiter.check.mockResolvedValueOnce(3);
      await service.login({ email: 'ada@example.com', password }, meta);
      expect(limiter.check).toHaveBeenLastCalledWith(RATE_LIMITS.loginFailuresPerAccount, 'ada@example.com');
    });

    it('stops at a full limit before looking the account up', async () => {
      limiter.consume.mockRejectedValue(Object.assign(new Error('429'), { status: 429 }));
      await expect(service.login({ email: 'ada@example.com', password }, meta)).rejects.toMatchObject({ status: 429 });
      expect(users.findCredentialsByEmail).not.toHaveBeenCalled();
    });

    it('refuses a broken form rule with 400 before counting anything', async () => {
      await expect(service.login({ email: 'ada@example.com', password: '' }, meta)).rejects.toMatchObject({
        status: 400,
        fieldErrors: [{ field: 'password', message: AccountMessages.fillAllFields }],
      });
      expect(limiter.consume).not.toHaveBeenCalled();
    });
  });

  describe('changePassword', () => {
    const user = { userId: credentials().id, sessionId: 'a0b1c2d3-0000-4000-8000-000000000001' };
    const newPassword = 'Quiet-Meadow-2048';

    it('with the right current password: stores the new hash and ends every other session', async () => {
      users.passwordHashOf.mockResolvedValue('old-hash');
      hasher.verify.mockResolvedValue(true);
      hasher.hash.mockResolvedValue('new-hash');
      users.updatePassword.mockResolvedValue(undefined);
      sessions.endAll.mockResolvedValue(2);
      await expect(service.changePassword(user, { curPassword: password, newPassword })).resolves.toEqual({
        message: AccountMessages.settingsPasswordUpdated,
      });
      expect(limiter.consume).toHaveBeenCalledWith(RATE_LIMITS.passwordChangePerUser, user.userId);
      expect(users.updatePassword).toHaveBeenCalledWith(user.userId, 'new-hash');
      expect(sessions.endAll).toHaveBeenCalledWith(user.userId, 'password_change', user.sessionId);
    });

    it('with a wrong current password: 400 AUTH.WRONG_CURRENT_PASSWORD on curPassword, nothing stored', async () => {
      users.passwordHashOf.mockResolvedValue('old-hash');
      hasher.verify.mockResolvedValue(false);
      await expect(service.changePassword(user, { curPassword: 'Wrong-Pass-99!', newPassword })).rejects.toMatchObject({
        status: 400,
        code: 'AUTH.WRONG_CURRENT_PASSWORD',
        fieldErrors: [{ field: 'curPassword' }],
      });
      expect(users.updatePassword).not.toHaveBeenCalled();
    });

    it('refuses a common password or the same one before any check', async () => {
      await expect(service.changePassword(user, { curPassword: password, newPassword: 'Password123!' })).rejects.toMatchObject({
        fieldErrors: [{ field: 'newPassword', message: AccountMessages.passwordTooCommon }],
      });
      await expect(service.changePassword(user, { curPassword: password, newPassword: password })).rejects.toMatchObject({
        fieldErrors: [{ field: 'newPassword', message: AccountMessages.newPasswordSameAsCurrent }],
      });
      expect(limiter.consume).not.toHaveBeenCalled();
    });
  });
});
