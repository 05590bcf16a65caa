import { AccountMessages } from '@healthlink/contracts';
import type { ConfigService } from '@nestjs/config';
import type { DataSource, EntityManager } from 'typeorm';
import { buildAccount } from '../../../test/factories/user.factory';
import { strictMock } from '../../../test/utils/strict-mock';
import type { Mailer, OutgoingMail } from '../../common/mail';
import { sha256Hex } from '../../common/crypto';
import type { AppConfig } from '../../config';
import type { JobQueueService } from '../../jobs';
import type { PasswordHasher } from './password-hasher';
import { PasswordRecoveryService, RECOVERY_MAIL_QUEUE } from './password-recovery.service';
import type { PasswordResetsRepository } from './password-resets.repository';
import { RATE_LIMITS, type RateLimiter } from './rate-limiter.service';
import type { SessionsService } from './sessions.service';
import type { User } from './user';
import type { UsersRepository } from './users.repository';

const user: User = buildAccount({ id: '0e9d1c4a-6a3f-4a5e-9a57-3b2f3c1d2e10', email: 'ada@example.com' });

describe('PasswordRecoveryService', () => {
  let users: jest.Mocked<UsersRepository>;
  let resets: jest.Mocked<PasswordResetsRepository>;
  let hasher: jest.Mocked<PasswordHasher>;
  let sessions: jest.Mocked<SessionsService>;
  let limiter: jest.Mocked<RateLimiter>;
  let mailer: jest.Mocked<Mailer>;
  let queue: jest.Mocked<JobQueueService>;
  let manager: EntityManager;
  let service: PasswordRecoveryService;

  beforeEach(() => {
    [users, resets, hasher, sessions, limiter, mailer, queue] = [
      strictMock<UsersRepository>(),
      strictMock<PasswordResetsRepository>(),
      strictMock<PasswordHasher>(),
      strictMock<SessionsService>(),
      strictMock<RateLimiter>(),
      strictMock<Mailer>(),
      strictMock<JobQueueService>(),
    ];
    limiter.consume.mockResolvedValue(undefined);
    manager = {} as EntityManager;
    const config = {
      get: (key: string) => (key === 'auth' ? { resetCodeSecret: 'r'.repeat(40) } : 'HealthLink'),
    } as unknown as ConfigService<AppConfig, true>;
    const dataSource = { transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager) } as unknown as DataSource;
    service = new PasswordRecoveryService(users, resets, hasher, sessions, limiter, mailer, queue, config, dataSource);
  });

  /** Runs the job for the user and answers the code it mailed and the hash it stored. */
  async function mailedCode(): Promise<{ code: string; codeHash: string }> {
    users.findById.mockResolvedValue(user);
    resets.replaceCode.mockResolvedValue(undefined);
    mailer.send.mockResolvedValue(undefined);
    await service.sendCode({ email: user.email, userId: user.id });
    const mail = mailer.send.mock.calls[0][0] as OutgoingMail;
    const code = /is: ([A-Z0-9]{8})/.exec(mail.text)?.[1] ?? '';
    return { code, codeHash: resets.replaceCode.mock.calls[0][1] };
  }

  describe('requestCode', () => {
    it('answers the same for a known and an unknown e-mail, queueing the account id when there is one', async () => {
      queue.send.mockResolvedValue('job-id');
      users.findByEmail.mockResolvedValueOnce(user).mockResolvedValueOnce(null);
      const answer = { message: AccountMessages.operationComplete };
      await expect(service.requestCode(' Ada@Example.com ', '203.0.113.7')).resolves.toEqual(answer);
      await expect(service.requestCode('nobody@example.com', '203.0.113.7')).resolves.toEqual(answer);
      expect(queue.send.mock.calls).toEqual([
        [RECOVERY_MAIL_QUEUE, { email: 'ada@example.com', userId: user.id }],
        [RECOVERY_MAIL_QUEUE, { email: 'nobody@example.com', userId: null }],
      ]);
      expect(limiter.consume).toHaveBeenCalledWith(RATE_LIMITS.codeSendPerAddress, '203.0.113.7');
      expect(limiter.consume).toHaveBeenCalledWith(RATE_LIMITS.codeSendPerAccount, 'ada@example.com');
    });

    it('refuses a missing or invalid e-mail with 400 before counting', async () => {
      await expect(service.requestCode('', null)).rejects.toMatchObject({ status: 400, fieldErrors: [{ field: 'email' }] });
      await expect(service.requestCode('nope', null)).rejects.toMatchObject({ message: AccountMessages.invalidEmail });
      expect(limiter.consume).not.toHaveBeenCalled();
    });
  });

  describe('sendCode (the job)', () => {
    it('stores an HMAC of the code, never the code, and mails the code to the account', async () => {
      const { code, codeHash } = await mailedCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codeHash).not.toContain(code);
      expect(mailer.send).toHaveBeenCalledWith(expect.objectContaining({ to: user.email }));
    });

    it('sends nothing for an unknown e-mail or an account whose e-mail changed since', async () => {
      await service.sendCode({ email: 'nobody@example.com', userId: null });
      users.findById.mockResolvedValue({ ...user, email: 'moved@example.com' });
      await service.sendCode({ email: user.email, userId: user.id });
      expect(mailer.send).not.toHaveBeenCalled();
    });
  });

  describe('verifyCode', () => {
    beforeEach(() => users.findByEmail.mockResolvedValue(user));

    it('trades the right code (any case, spaces) for a temp token stored as its hash', async () => {
      const { code, codeHash } = await mailedCode();
      resets.findLiveCode.mockResolvedValue({ id: 'r1', userId: user.id, codeHash });
      resets.countAttempt.mockResolvedValue(1);
      resets.markVerified.mockResolvedValue(true);
      const answer = await service.verifyCode(user.email, ` ${code.toLowerCase()} `, null);
      expect(answer).toEqual({ message: AccountMessages.codeMatches, tempToken: expect.any(String) });
      expect(resets.markVerified).toHaveBeenCalledWith('r1', sha256Hex(answer.tempToken as string), expect.any(Date));
    });

    it('counts a wrong code; the fifth wrong one spends the code', async () => {
      const { codeHash } = await mailedCode();
      resets.findLiveCode.mockResolvedValue({ id: 'r1', userId: user.id, codeHash });
      resets.markUsed.mockResolvedValue(undefined);
      resets.countAttempt.mockResolvedValueOnce(1).mockResolvedValueOnce(5);
      await expect(service.verifyCode(user.email, 'WRONG234', null)).rejects.toMatchObject({ code: 'AUTH.CODE_DOES_NOT_MATCH' });
      expect(resets.markUsed).not.toHaveBeenCalled();
      await expect(service.verifyCode(user.email, 'WRONG234', null)).rejects.toMatchObject({ code: 'AUTH.CODE_DOES_NOT_MATCH' });
      expect(resets.markUsed).toHaveBeenCalledWith('r1');
    });

    it('refuses without a live code, and a sixth try even with the right code', async () => {
      resets.findLiveCode.mockResolvedValueOnce(null);
      await expect(service.verifyCode(user.email, 'ABCD2345', null)).rejects.toMatchObject({ status: 400 });
      const { code, codeHash } = await mailedCode();
      resets.findLiveCode.mockResolvedValue({ id: 'r1', userId: user.id, codeHash });
      resets.countAttempt.mockResolvedValue(6);
      resets.markUsed.mockResolvedValue(undefined);
      await expect(service.verifyCode(user.email, code, null)).rejects.toMatchObject({ code: 'AUTH.CODE_DOES_NOT_MATCH' });
    });
  });

  describe('updatePassword', () => {
    const password = 'Quiet-Meadow-2048';

    it('spends the temp token, stores the new hash and ends every session, in one transaction', async () => {
      hasher.hash.mockResolvedValue('new-hash');
      resets.consumeTempToken.mockResolvedValue(user.id);
      users.updatePassword.mockResolvedValue(undefined);
      sessions.endAll.mockResolvedValue(1);
      await expect(service.updatePassword('temp', { password, confirmPassword: password })).resolves.toEqual({
        message: AccountMessages.passwordUpdated,
      });
      expect(resets.consumeTempToken).toHaveBeenCalledWith(sha256Hex('temp'), manager);
      expect(users.updatePassword).toHaveBeenCalledWith(user.id, 'new-hash', manager);
      expect(sessions.endAll).toHaveBeenCalledWith(user.id, 'password_reset', undefined, manager);
    });

    it('answers 401 without a token or with a spent one, changing nothing', async () => {
      await expect(service.updatePassword(null, { password })).rejects.toMatchObject({ status: 401, code: 'AUTH.RESET_TOKEN_INVALID' });
      hasher.hash.mockResolvedValue('new-hash');
      resets.consumeTempToken.mockResolvedValue(null);
      await expect(service.updatePassword('spent', { password })).rejects.toMatchObject({ status: 401 });
      expect(users.updatePassword).not.toHaveBeenCalled();
    });
  });
});
