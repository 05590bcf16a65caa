import { randomUUID } from 'node:crypto';
import type { ErrorLogRepository } from './error-log.repository';
import { ErrorLogService } from './error-log.service';

describe('ErrorLogService', () => {
  const repository = { insert: jest.fn(), findById: jest.fn() };
  const service = new ErrorLogService(repository as unknown as ErrorLogRepository);
  beforeEach(() => {
    jest.resetAllMocks();
    repository.insert.mockResolvedValue('row-id');
  });
  afterEach(() => expect(repository.findById).not.toHaveBeenCalled());

  it('stores the verified user, never the userId of the body', async () => {
    const verified = randomUUID();
    await expect(
      service.logFromClient({ errorType: 'FETCH', userId: randomUUID(), host: 'h', errorDetails: 'text' }, verified),
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
    await service.logFromClient({ errorType: 'FETCH', userId: randomUUID() }, null);
    expect(repository.insert).toHaveBeenCalledWith(expect.objectContaining({ userId: null, errorDetails: null }));
  });
});
