import type { ConfigService } from '@nestjs/config';
import type { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../../config';
import { exchangeAuthorizationCode, refreshTokens, revokeToken } from './adapters/oauth.client';
import { Clock } from './clock';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import type { InsurerLink, InsurersRepository } from './insurers.repository';
import { InsurerTokensService, RefreshRefusedError } from './insurer-tokens.service';
import type { TokenCipher } from './token-cipher';

jest.mock('./adapters/oauth.client', () => ({ refreshTokens: jest.fn(), exchangeAuthorizationCode: jest.fn(), revokeToken: jest.fn() }));
const refresh = jest.mocked(refreshTokens);
const exchange = jest.mocked(exchangeAuthorizationCode);
const revoke = jest.mocked(revokeToken);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const link = (overrides: Partial<InsurerLink> = {}): InsurerLink => ({
  id: 'link-1',
  userId: 'user-1',
  insurer: 'cigna',
  subset: null,
  patientId: 'p-1',
  accessTokenEnc: 'sealed:old-access',
  refreshTokenEnc: 'sealed:old-refresh',
  accessExpiresAt: new Date(Date.now() - 1000),
  scope: null,
  status: 'active',
  lastSyncedAt: null,
  relinkNotifiedAt: null,
  ...overrides,
});
const newTokens = { accessToken: 'new-access', refreshToken: 'new-refresh', expiresInSeconds: 3600, scope: null, patientId: null };

function setUp(locked: InsurerLink | null, clock = new Clock()) {
  const manager = {} as EntityManager;
  const repository = {
    lockLink: jest.fn<ReturnType<InsurersRepository['lockLink']>, Parameters<InsurersRepository['lockLink']>>().mockResolvedValue(locked),
    updateAccessToken: jest
      .fn<ReturnType<InsurersRepository['updateAccessToken']>, Parameters<InsurersRepository['updateAccessToken']>>()
      .mockResolvedValue(undefined),
    markRelinkRequired: jest
      .fn<ReturnType<InsurersRepository['markRelinkRequired']>, Parameters<InsurersRepository['markRelinkRequired']>>()
      .mockResolvedValue(undefined),
    upsertLink: jest
      .fn<ReturnType<InsurersRepository['upsertLink']>, Parameters<InsurersRepository['upsertLink']>>()
      .mockResolvedValue(true),
  };
  const cipher = {
    encrypt: jest.fn<string, Parameters<TokenCipher['encrypt']>>((value) => `sealed:${value}`),
    decrypt: jest.fn<string, Parameters<TokenCipher['decrypt']>>((value) => value.replace(/^sealed:/, '')),
  };
  const config = { get: () => ({ endpoints: { cigna: { tokenUrl: 'https://cigna.test/token' } } }) };
  // What the transaction committed: a throw inside it would roll the relink mark back.
  const committed: string[] = [];
  const dataSource = {
    transaction: async (work: (m: EntityManager) => Promise<unknown>) => {
      const result = await work(manager);
      committed.push('commit');
      return result;
    },
  };
  const service = new InsurerTokensService(
    repository as unknown as InsurersRepository,
    cipher as unknown as TokenCipher,
    config as unknown as ConfigService<AppConfig, true>,
    dataSource as unknown as DataSource,
    clock,
  );
  return { service, repository, manager, committed };
}

describe('InsurerTokensService.accessToken', () => {
  beforeEach(() => refresh.mockReset());

  it('opens a token that is not about to expire, without a lock or a refresh', async () => {
    const { service, repository } = setUp(null);
    await expect(service.accessToken(link({ accessExpiresAt: new Date(Date.now() + HOUR) }))).resolves.toBe('old-access');
    expect(repository.lockLink).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes an expired token under the row lock, stores the sealed result and updates the caller's link", async () => {
    const current = link();
    const { service, repository, manager } = setUp(current);
    refresh.mockResolvedValue(newTokens);
    const mine = link();
    await expect(service.accessToken(mine)).resolves.toBe('new-access');
    expect(refresh).toHaveBeenCalledWith(expect.objectContaining({ tokenUrl: 'https://cigna.test/token' }), 'old-refresh');
    expect(repository.updateAccessToken).toHaveBeenCalledWith(
      'link-1',
      'sealed:new-access',
      'sealed:new-refresh',
      expect.any(Date),
      manager,
    );
    expect(mine).toMatchObject({ accessTokenEnc: 'sealed:new-access', refreshTokenEnc: 'sealed:new-refresh' });
  });

  it('reads expiry from the injected clock: a day later the same token is refreshed, and expires a TTL after that day', async () => {
    const later = new Date(Date.now() + DAY);
    const clock = new Clock();
    jest.spyOn(clock, 'now').mockReturnValue(later);
    const valid = link({ accessExpiresAt: new Date(Date.now() + HOUR) });
    const { service, repository } = setUp(valid, clock);
    refresh.mockResolvedValue(newTokens);
    await expect(service.accessToken(link({ accessExpiresAt: valid.accessExpiresAt }))).resolves.toBe('new-access');
    const expiresAt = repository.updateAccessToken.mock.calls[0]![3] as Date;
    expect(expiresAt.getTime()).toBe(later.getTime() + 3600 * 1000);
  });

  it('uses the token another job stored while this one waited for the lock (the old refresh token is spent)', async () => {
    const { service } = setUp(link({ accessTokenEnc: 'sealed:theirs', accessExpiresAt: new Date(Date.now() + 30_000) }));
    await expect(service.accessToken(link())).resolves.toBe('theirs');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('fails permanently when the link is gone', async () => {
    await expect(setUp(null).service.accessToken(link())).rejects.toMatchObject({ name: 'PartnerPermanentError' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it.each([
    [
      'invalid_grant (400)',
      new PartnerPermanentError('token endpoint refused: invalid_grant (revoked)', 400, 'cigna.test', 'invalid_grant'),
    ],
    ['a 401 that is not invalid_client', new PartnerPermanentError('token endpoint refused: 401', 401, 'cigna.test')],
  ])('marks the link relink_required, committed, when the insurer refuses the refresh: %s', async (_name, refusal) => {
    const { service, repository, manager, committed } = setUp(link());
    refresh.mockRejectedValue(refusal);
    const mine = link();
    const error = await service.accessToken(mine).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshRefusedError);
    expect(error).toBeInstanceOf(PartnerPermanentError);
    expect(error).toMatchObject({ status: refusal.status, host: 'cigna.test' });
    expect(repository.markRelinkRequired).toHaveBeenCalledWith('link-1', manager);
    expect(committed).toEqual(['commit']);
    expect(repository.updateAccessToken).not.toHaveBeenCalled();
    expect(mine.status).toBe('relink_required');
  });

  it.each([
    [
      'invalid_client: our credentials, not the grant',
      new PartnerPermanentError('token endpoint refused: invalid_client (bad secret)', 401, 'cigna.test', 'invalid_client'),
    ],
    ['a 5xx', new PartnerTransientError('token endpoint answered 503', 503)],
    ['the network', new PartnerTransientError('token endpoint unreachable: ECONNREFUSED')],
    ['a redirect (configuration)', new PartnerPermanentError('token endpoint cigna.test answered 301 (a redirect)', 301)],
  ])('leaves the link active when the refresh fails otherwise: %s', async (_name, failure) => {
    const { service, repository } = setUp(link());
    refresh.mockRejectedValue(failure);
    await expect(service.accessToken(link())).rejects.toBe(failure);
    expect(repository.markRelinkRequired).not.toHaveBeenCalled();
  });

  it('marks the link relink_required when its token expired and the insurer gave no refresh token', async () => {
    const { service, repository, manager } = setUp(link({ refreshTokenEnc: null }));
    await expect(service.accessToken(link())).rejects.toMatchObject({ message: expect.stringContaining('link again') });
    expect(repository.markRelinkRequired).toHaveBeenCalledWith('link-1', manager);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('never refreshes a link already marked relink_required, but still uses a token that has not expired', async () => {
    const { service, repository } = setUp(link({ status: 'relink_required' }));
    await expect(service.accessToken(link({ status: 'relink_required' }))).rejects.toBeInstanceOf(RefreshRefusedError);
    expect(refresh).not.toHaveBeenCalled();
    expect(repository.markRelinkRequired).not.toHaveBeenCalled();
    const usable = link({ status: 'relink_required', accessExpiresAt: new Date(Date.now() + HOUR) });
    await expect(setUp(null).service.accessToken(usable)).resolves.toBe('old-access');
  });
});

describe('InsurerTokensService.exchangeCode', () => {
  beforeEach(() => {
    exchange.mockReset().mockResolvedValue(newTokens);
    revoke.mockReset().mockResolvedValue(undefined);
  });

  it('stores the new grant sealed, revoking nothing', async () => {
    const { service, repository } = setUp(null);
    await service.exchangeCode('user-1', 'cigna', null, 'code', 'verifier');
    expect(repository.upsertLink).toHaveBeenCalledWith(
      'user-1',
      'cigna',
      null,
      expect.objectContaining({ accessTokenEnc: 'sealed:new-access', refreshTokenEnc: 'sealed:new-refresh' }),
    );
    expect(revoke).not.toHaveBeenCalled();
  });

  it('revokes the grant at the insurer, refresh token first, when the account was deleted while the insurer answered', async () => {
    const { service, repository } = setUp(null);
    repository.upsertLink.mockResolvedValue(false);
    await expect(service.exchangeCode('user-1', 'cigna', null, 'code', 'verifier')).rejects.toBeInstanceOf(PartnerPermanentError);
    expect(revoke.mock.calls.map(([, token, hint]) => [token, hint])).toEqual([
      ['new-refresh', 'refresh_token'],
      ['new-access', 'access_token'],
    ]);
  });

  it('still fails the exchange (and tries the access token) when the insurer refuses a revocation', async () => {
    const { service, repository } = setUp(null);
    repository.upsertLink.mockResolvedValue(false);
    revoke.mockRejectedValueOnce(new PartnerTransientError('revocation endpoint down', 503));
    await expect(service.exchangeCode('user-1', 'cigna', null, 'code', 'verifier')).rejects.toThrow('the account was deleted');
    expect(revoke).toHaveBeenCalledTimes(2);
  });
});
