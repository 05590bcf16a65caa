import type { ConfigService } from '@nestjs/config';
import type { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../../config';
import { refreshTokens } from './adapters/oauth.client';
import type { InsurerLink, InsurersRepository } from './insurers.repository';
import { InsurerTokensService } from './insurer-tokens.service';
import type { TokenCipher } from './token-cipher';

jest.mock('./adapters/oauth.client', () => ({ refreshTokens: jest.fn(), exchangeAuthorizationCode: jest.fn() }));
const refresh = jest.mocked(refreshTokens);

const HOUR = 3_600_000;
const link = (overrides: Partial<InsurerLink> = {}): InsurerLink => ({
  id: 'link-1',
  userId: 'user-1',
  insurer: 'cigna',
  subset: null,
  patientId: 'p-1',
  accessTokenEnc: 'sealed:old-access',
  refreshTokenEnc: 'sealed:old-refresh',
  accessExpiresAt: new Date(Date.now() - 1000),
  ...overrides,
});

function setUp(locked: InsurerLink | null) {
  const manager = {} as EntityManager;
  const repository = {
    lockLink: jest.fn<ReturnType<InsurersRepository['lockLink']>, Parameters<InsurersRepository['lockLink']>>().mockResolvedValue(locked),
    updateAccessToken: jest
      .fn<ReturnType<InsurersRepository['updateAccessToken']>, Parameters<InsurersRepository['updateAccessToken']>>()
      .mockResolvedValue(undefined),
  };
  const cipher = {
    encrypt: jest.fn<string, Parameters<TokenCipher['encrypt']>>((value) => `sealed:${value}`),
    decrypt: jest.fn<string, Parameters<TokenCipher['decrypt']>>((value) => value.replace(/^sealed:/, '')),
  };
  const config = { get: () => ({ endpoints: { cigna: { tokenUrl: 'https://cigna.test/token' } } }) };
  const dataSource = { transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager) };
  const service = new InsurerTokensService(
    repository as unknown as InsurersRepository,
    cipher as unknown as TokenCipher,
    config as unknown as ConfigService<AppConfig, true>,
    dataSource as unknown as DataSource,
  );
  return { service, repository, manager };
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
    refresh.mockResolvedValue({
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
      expiresInSeconds: 3600,
      scope: null,
      patientId: null,
    });
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

  it('uses the token another job stored while this one waited for the lock (the old refresh token is spent)', async () => {
    const { service } = setUp(link({ accessTokenEnc: 'sealed:theirs', accessExpiresAt: new Date(Date.now() + 30_000) }));
    await expect(service.accessToken(link())).resolves.toBe('theirs');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('fails permanently when there is no refresh token or the link is gone', async () => {
    await expect(setUp(link({ refreshTokenEnc: null })).service.accessToken(link())).rejects.toMatchObject({
      name: 'PartnerPermanentError',
      message: expect.stringContaining('link again'),
    });
    await expect(setUp(null).service.accessToken(link())).rejects.toMatchObject({ name: 'PartnerPermanentError' });
    expect(refresh).not.toHaveBeenCalled();
  });
});
