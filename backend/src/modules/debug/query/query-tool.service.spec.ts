import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { strictMock } from '../../../../test/utils/strict-mock';
import { UserDataErasure } from '../../../common/erasure';
import type { RateLimiter } from '../../auth';
import { QueryToolError } from './query-tool.errors';
import { QueryToolService, STAFF_QUERY_LIMIT } from './query-tool.service';
import type { StaffQueriesRepository } from './staff-queries.repository';
import { ROW_TOO_LARGE_MESSAGE, StaffQueryRunError, type StaffQueryRunner } from './staff-query.runner';

describe('QueryToolService', () => {
  const staffId = randomUUID();
  let queries: jest.Mocked<StaffQueriesRepository>;
  let runner: jest.Mocked<StaffQueryRunner>;
  let erasure: UserDataErasure;
  let limiter: jest.Mocked<RateLimiter>;
  let service: QueryToolService;
  let logged: string;

  beforeEach(() => {
    queries = strictMock<StaffQueriesRepository>();
    runner = strictMock<StaffQueryRunner>();
    erasure = new UserDataErasure();
    limiter = strictMock<RateLimiter>();
    limiter.consume.mockResolvedValue();
    service = new QueryToolService(queries, runner, erasure, limiter);
    service.onModuleInit();
    queries.insert.mockResolvedValue('record-id');
    queries.finish.mockResolvedValue(undefined);
    logged = '';
    jest.spyOn(Logger.prototype, 'log').mockImplementation((...args: unknown[]) => void (logged += JSON.stringify(args)));
  });
  afterEach(() => jest.restoreAllMocks());

  const errorOf = async (promise: Promise<unknown>): Promise<QueryToolError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QueryToolError);
    return error as QueryToolError;
  };

  it('records the text as running before running the checked statement, then records the outcome', async () => {
    runner.run.mockImplementation(async () => {
      expect(queries.insert).toHaveBeenCalledWith({ userId: staffId, sql: 'SELECT * FROM errors;', outcome: 'running' });
      return { columns: ['id'], rows: [{ id: 'a' }, { id: 'b' }], truncated: false, durationMs: 12 };
    });
    await expect(service.run('SELECT * FROM errors;', staffId)).resolves.toEqual({
      columns: ['id'],
      rows: [{ id: 'a' }, { id: 'b' }],
      rowCount: 2,
      truncated: false,
      durationMs: 12,
    });
    expect(runner.run).toHaveBeenCalledWith('SELECT * FROM errors');
    expect(queries.finish).toHaveBeenCalledWith('record-id', { outcome: 'ok', rowCount: 2, durationMs: 12 });
  });

  it("counts each query against the staff member's limit first: past it, the 429 records and runs nothing", async () => {
    runner.run.mockResolvedValue({ columns: [], rows: [], truncated: false, durationMs: 1 });
    await service.run('SELECT 1', staffId);
    expect(limiter.consume).toHaveBeenCalledWith(STAFF_QUERY_LIMIT, staffId);
    const tooMany = Object.assign(new Error('Too many attempts'), { status: 429 });
    limiter.consume.mockRejectedValueOnce(tooMany);
    queries.insert.mockClear();
    runner.run.mockClear();
    await expect(service.run('SELECT 1', staffId)).rejects.toBe(tooMany);
    expect(queries.insert).not.toHaveBeenCalled();
    expect(runner.run).not.toHaveBeenCalled();
  });

  it('records a refused text with the reason, answers 400 on the query field, and runs nothing', async () => {
    const error = await errorOf(service.run("DELETE FROM errors WHERE host = 'secret-host'", staffId));
    expect(error.status).toBe(400);
    expect(error.code).toBe('REQUEST.BAD_REQUEST');
    expect(error.message).toBe('Only a SELECT query can run here: DELETE statements are refused.');
    expect(error.fieldErrors).toEqual([{ field: 'query', message: error.message }]);
    expect(queries.insert).toHaveBeenCalledWith({
      userId: staffId,
      sql: "DELETE FROM errors WHERE host = 'secret-host'",
      outcome: 'refused',
      detail: error.message,
    });
    expect(runner.run).not.toHaveBeenCalled();
    expect(logged).toContain('record-id');
    expect(logged).not.toContain('secret-host');
  });

  it('a timeout or a database refusal is a 400 with its words, recorded failed with the SQLSTATE', async () => {
    runner.run.mockRejectedValueOnce(new StaffQueryRunError('timeout', 'The query took longer than 5 seconds and was stopped.', '57014'));
    const timeout = await errorOf(service.run("SELECT * FROM errors WHERE host = 'secret-host'", staffId));
    expect([timeout.status, timeout.message]).toEqual([400, 'The query took longer than 5 seconds and was stopped.']);
    expect(queries.finish).toHaveBeenLastCalledWith('record-id', { outcome: 'failed', detail: '57014' });

    runner.run.mockRejectedValueOnce(new StaffQueryRunError('database', 'division by zero', '22012'));
    expect((await errorOf(service.run('SELECT 1/0', staffId))).message).toBe('division by zero');
    expect(queries.finish).toHaveBeenLastCalledWith('record-id', { outcome: 'failed', detail: '22012' });
    expect(logged).not.toContain('secret-host');
  });

  it('an answer row over the byte limit is a 400 that says so, recorded failed as tooLarge', async () => {
    runner.run.mockRejectedValueOnce(new StaffQueryRunError('tooLarge', ROW_TOO_LARGE_MESSAGE));
    const error = await errorOf(service.run("SELECT string_agg(host, '') FROM errors", staffId));
    expect([error.status, error.message]).toEqual([400, ROW_TOO_LARGE_MESSAGE]);
    expect(queries.finish).toHaveBeenLastCalledWith('record-id', { outcome: 'failed', detail: 'tooLarge' });
  });

  it('a tool that cannot run queries is a 503 with Retry-After, recorded failed', async () => {
    runner.run.mockRejectedValueOnce(new StaffQueryRunError('unavailable', 'The query tool is not set up.'));
    const error = await errorOf(service.run('SELECT 1', staffId));
    expect([error.status, error.code, error.message, error.retryAfterSeconds]).toEqual([
      503,
      'SERVICE.UNAVAILABLE',
      'The query tool is not set up.',
      5,
    ]);
    expect(queries.finish).toHaveBeenLastCalledWith('record-id', { outcome: 'failed', detail: 'unavailable' });
  });

  it('an unexpected error is recorded failed and passed on (a 500 or 503 from the filter)', async () => {
    const boom = new Error('connection lost');
    runner.run.mockRejectedValueOnce(boom);
    await expect(service.run('SELECT 1', staffId)).rejects.toBe(boom);
    expect(queries.finish).toHaveBeenLastCalledWith('record-id', { outcome: 'failed', detail: 'error' });
  });

  it('nothing runs when the record cannot be written (no query without its audit row)', async () => {
    queries.insert.mockRejectedValueOnce(new Error('database down'));
    await expect(service.run('SELECT 1', staffId)).rejects.toThrow('database down');
    expect(runner.run).not.toHaveBeenCalled();
  });

  it('redacts the texts naming a deleted account', async () => {
    const manager = {} as EntityManager;
    const subject = { userId: randomUUID(), email: 'gone@example.com' };
    queries.redactNaming.mockResolvedValue(1);
    expect(erasure.names()).toEqual(['staff-queries']);
    await erasure.eraseAll(subject, manager);
    expect(queries.redactNaming).toHaveBeenCalledWith(subject, manager);
  });
});
