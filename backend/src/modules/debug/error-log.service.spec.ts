import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { UserDataErasure } from '../../common/erasure';
import { RATE_LIMITS, type RateLimiter } from '../auth';
import type { ErrorLogRepository } from './error-log.repository';
import { ErrorLogService } from './error-log.service';

describe('ErrorLogService', () => {
  const repository = { insert: jest.fn(), findById: jest.fn(), anonymiseUser: jest.fn() };
  const limiter = { consume: jest.fn() };
  const erasure = new UserDataErasure();
  const service = new ErrorLogService(repository as unknown as ErrorLogRepository, limiter as unknown as RateLimiter, erasure);
  service.onModuleInit();
  beforeEach(() => {
    jest.resetAllMocks();
    repository.insert.mockResolvedValue('row-id');
  });
  afterEach(() => expect(repository.findById).not.toHaveBeenCalled());

  it('stores the verified user, never the userId of the body', async () => {
    const verified = randomUUID();
    await expect(
      service.logFromClient({ errorType: 'FETCH', userId: randomUUID(), host: 'h', errorDetails: 'text' }, verified, '203.0.113.9'),
    ).resolves.toEqual({ id: 'row-id' });
    expect(repository.insert).toHaveBeenCalledWith({
      userId: verified,
      insurerName: null,
      host: 'h',
      errorType: 'FETCH',
      errorDetails: 'text',
    });
  });

  it('stores no user for a visitor even when the body names one', async () => {
    await service.logFromClient({ errorType: 'FETCH', userId: randomUUID() }, null, '203.0.113.9');
    expect(repository.insert).toHaveBeenCalledWith(expect.objectContaining({ userId: null, errorDetails: null }));
  });

  it('counts every entry against its address before storing it, and stores nothing past the limit', async () => {
    await service.logFromClient({ errorType: 'FETCH' }, null, '203.0.113.9');
    expect(limiter.consume).toHaveBeenCalledWith(RATE_LIMITS.errorLogPerAddress, '203.0.113.9');
    limiter.consume.mockRejectedValueOnce(new Error('429'));
    repository.insert.mockClear();
    await expect(service.logFromClient({ errorType: 'FETCH' }, null, '203.0.113.9')).rejects.toThrow('429');
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it('anonymises the error log when an account is erased', async () => {
    const manager = {} as EntityManager;
    const subject = { userId: randomUUID(), email: 'gone@example.com' };
    expect(erasure.names()).toEqual(['errors']);
    await erasure.eraseAll(subject, manager);
    expect(repository.anonymiseUser).toHaveBeenCalledWith(subject, manager);
  });
});
