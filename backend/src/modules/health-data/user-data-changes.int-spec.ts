import { randomUUID } from 'node:crypto';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { buildEob } from '../../../test/factories/health-data.factory';
import { createUser } from '../../../test/factories/user.factory';
import { testConfig } from '../../../test/utils/test-app';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { UserReadCache } from '../../common/http/read-cache';
import type { AppConfig } from '../../config';
import type { PatientInfoRepository } from '../accounts';
import { HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';
import { USER_READ_CACHE_OPTIONS } from './user-data-cache.module';
import { USER_DATA_CHANGES_TIMING, UserDataChangesListener } from './user-data-changes.listener';
import { UserDataReadCacheInterceptor } from './user-data-read-cache.interceptor';

const EOB_URL = '/api/explanationOfBenefits?limit=3';
const SPENDING_URL = '/api/spending';
const USER_DRUGS_URL = '/api/userDrugs';

/** What one API process holds: its own pool, read cache, listening connection and the reads through the interceptor. */
interface ApiProcess {
  dataSource: DataSource;
  cache: UserReadCache;
  listener: UserDataChangesListener;
  healthData: HealthDataService;
  interceptor: UserDataReadCacheInterceptor;
}

const config = () => new ConfigService<AppConfig, true>(testConfig() as unknown as Record<string, unknown>);

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

async function startProcess(): Promise<ApiProcess> {
  const dataSource = await openTestDataSource([]);
  const cache = new UserReadCache(USER_READ_CACHE_OPTIONS);
  const healthData = new HealthDataService(new HealthDataRepository(dataSource), {} as PatientInfoRepository, cache);
  const listener = new UserDataChangesListener(config(), cache);
  listener.timing = { ...USER_DATA_CHANGES_TIMING, backoffMs: { first: 50, max: 200 } };
  listener.onApplicationBootstrap();
  await waitFor(() => listener.listening, 5_000);
  return { dataSource, cache, listener, healthData, interceptor: new UserDataReadCacheInterceptor(cache) };
}

async function stopProcess(p: ApiProcess | undefined): Promise<void> {
  await p?.listener.onApplicationShutdown();
  await p?.dataSource.destroy();
}

/** A GET through the process's interceptor, as the controller would answer it; `handler` counts the SQL runs. */
async function get(p: ApiProcess, userId: string, url: string, handler: () => Observable<unknown> | Promise<unknown>): Promise<unknown> {
  const reply = { header: jest.fn().mockReturnThis() };
  const context = {
    // A plain route: no access metadata on the handler or its class (the interceptor's assertCacheableRoute).
    getHandler: () => handler,
    getClass: () => class ReadRoutes {},
    switchToHttp: () => ({ getRequest: () => ({ method: 'GET', url, user: { userId } }), getResponse: () => reply }),
  } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => from(handler()) };
  const body = await lastValueFrom(p.interceptor.intercept(context, next));
  expect(reply.header).toHaveBeenCalledWith('content-type', 'application/json; charset=utf-8');
  return JSON.parse(body as string);
}

describe('user data changes across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    [a, b] = await Promise.all([startProcess(), startProcess()]);
  });
  afterAll(async () => {
    await stopProcess(a);
    await stopProcess(b);
  });

  /** A member with one claim whose dashboard reads process b now answers from memory. */
  async function memberCachedOnB(): Promise<{ userId: string; eobRuns: jest.Mock }> {
    const { id: userId } = await createUser(a.dataSource);
    await a.healthData.ingest(userId, 'uhc', [buildEob({ date: '2025-02-01' })]);
    await b.listener.sync();
    const eobRuns = jest.fn(() => b.healthData.explanationOfBenefits(userId, { limit: '3' }));
    const first = await get(b, userId, EOB_URL, eobRuns);
    expect(await get(b, userId, EOB_URL, eobRuns)).toEqual(first);
    expect(eobRuns).toHaveBeenCalledTimes(1);
    await get(b, userId, SPENDING_URL, () => b.healthData.spending(userId, {}));
    expect(b.cache.get(userId, SPENDING_URL)).toBeDefined();
    return { userId, eobRuns };
  }

  it('an ingest on one process drops the member’s reads on the other within a second; another member’s stay', async () => {
    const changed = await memberCachedOnB();
    const other = await memberCachedOnB();
    await a.healthData.ingest(changed.userId, 'uhc', [buildEob({ date: '2025-06-01', payment: 99 })]);
    expect(await waitFor(() => b.cache.get(changed.userId, EOB_URL) === undefined, 1_000)).toBeLessThan(1_000);
    expect(b.cache.get(changed.userId, SPENDING_URL)).toBeUndefined();
    expect(b.cache.get(other.userId, EOB_URL)).toBeDefined();

    const fresh = (await get(b, changed.userId, EOB_URL, changed.eobRuns)) as { EOB: unknown[]; total: number };
    expect(fresh.total).toBe(2);
    expect(changed.eobRuns).toHaveBeenCalledTimes(2);
  });

  it('plain SQL (an UPDATE, a DELETE) evicts as well; an upsert that changes nothing does not', async () => {
    const { userId } = await memberCachedOnB();
    const [{ source_id: sourceId }] = await a.dataSource.query('SELECT source_id FROM claims WHERE user_id = $1', [userId]);
    const [resource] = await a.dataSource.query(`SELECT resource FROM fhir_resources WHERE user_id = $1`, [userId]);
    await a.healthData.ingest(userId, 'uhc', [resource.resource]);
    await b.listener.sync();
    expect(b.cache.get(userId, EOB_URL)).toBeDefined();

    await a.dataSource.query(`UPDATE claims SET status = 'cancelled' WHERE user_id = $1 AND source_id = $2`, [userId, sourceId]);
    await waitFor(() => b.cache.get(userId, EOB_URL) === undefined, 1_000);

    await memberCachedOnBAgain(userId);
    await a.dataSource.query('DELETE FROM coverages WHERE user_id = $1', [userId]);
    // Nothing deleted: no member's data changed.
    await b.listener.sync();
    expect(b.cache.get(userId, EOB_URL)).toBeDefined();
    await a.dataSource.query('DELETE FROM claims WHERE user_id = $1', [userId]);
    await waitFor(() => b.cache.get(userId, EOB_URL) === undefined, 1_000);
  });

  async function memberCachedOnBAgain(userId: string): Promise<void> {
    await get(b, userId, EOB_URL, () => b.healthData.explanationOfBenefits(userId, { limit: '3' }));
    expect(b.cache.get(userId, EOB_URL)).toBeDefined();
  }

  it('one statement for hundreds of members notifies them all (several payloads under the 8000-byte limit)', async () => {
    const tag = randomUUID().slice(0, 8);
    const users: { id: string }[] = await a.dataSource.query(
      `INSERT INTO users (email, first_name, last_name, password_hash)
       SELECT 'bulk.' || $1 || '.' || i || '@example.com', 'Ada', 'Bulk', 'x' FROM generate_series(1, 450) AS i RETURNING id`,
      [tag],
    );
    const ids = users.map((u) => u.id);
    const ticket = b.cache.beginRead();
    for (const id of ids) b.cache.store(id, EOB_URL, '{}', ticket);
    expect(ids.every((id) => b.cache.get(id, EOB_URL) !== undefined)).toBe(true);
    await a.dataSource.query(
      `INSERT INTO claims (user_id, insurer_key, source_id, search_text) SELECT u, 'uhc', 'bulk-' || u, '' FROM unnest($1::uuid[]) AS u`,
      [ids],
    );
    await waitFor(() => ids.every((id) => b.cache.get(id, EOB_URL) === undefined), 1_000);
  });

  it('a change to the drug reference tables flushes every member’s reads, and tells the flush-all subscribers', async () => {
    const { userId } = await memberCachedOnB();
    const everyMember = jest.fn();
    const unsubscribe = b.listener.onEveryMemberChanged(everyMember);
    // A statement that deletes nothing still fires the statement trigger (and leaves the shared data as it is).
    await a.dataSource.query('DELETE FROM drug_interactions WHERE false');
    await waitFor(() => b.cache.get(userId, EOB_URL) === undefined, 1_000);
    expect(everyMember).toHaveBeenCalledTimes(1);
    // One member's change is no flush-all; an unsubscribed handler hears nothing.
    await a.dataSource.query(`UPDATE claims SET status = 'cancelled' WHERE user_id = $1`, [userId]);
    await b.listener.sync();
    expect(everyMember).toHaveBeenCalledTimes(1);
    unsubscribe();
    await a.dataSource.query('DELETE FROM drug_interactions WHERE false');
    await b.listener.sync();
    expect(everyMember).toHaveBeenCalledTimes(1);
  });

  it('a NADAC price import (or any change to the priced product tables) drops every member’s priced answers', async () => {
    const members = [await memberCachedOnB(), await memberCachedOnB()];
    const keepUserDrugs = () => {
      const ticket = b.cache.beginRead();
      for (const { userId } of members) b.cache.store(userId, USER_DRUGS_URL, '{"drugs":[]}', ticket);
      expect(members.every(({ userId }) => b.cache.get(userId, USER_DRUGS_URL) !== undefined)).toBe(true);
    };
    const flushed = () =>
      waitFor(
        () =>
          members.every(({ userId }) => b.cache.get(userId, USER_DRUGS_URL) === undefined && b.cache.get(userId, EOB_URL) === undefined),
        1_000,
      );
    const ndc11 = String(Date.now()).slice(-11).padStart(11, '7');

    // What `npm run data:import -- nadac FILE` does to a row: upsert, then the weekly file's rows replaced.
    keepUserDrugs();
    await a.dataSource.query(
      `INSERT INTO nadac_prices (ndc11, source, per_unit, effective_date, as_of) VALUES ($1, 'nadac-weekly', 0.25, '2025-11-19', '2025-11-26')`,
      [ndc11],
    );
    await flushed();
    keepUserDrugs();
    await a.dataSource.query(`UPDATE nadac_prices SET per_unit = 0.31 WHERE ndc11 = $1`, [ndc11]);
    await flushed();
    keepUserDrugs();
    await a.dataSource.query(`DELETE FROM nadac_prices WHERE ndc11 = $1`, [ndc11]);
    await flushed();

    // The RxNorm/NDC product tables the medication list reads: a statement that changes nothing still flushes.
    for (const table of ['rxnorm_drugs', 'ndc_products', 'ndc_packages']) {
      keepUserDrugs();
      await a.dataSource.query(`DELETE FROM ${table} WHERE false`);
      await flushed();
    }

    // A change to one member's own rows still evicts only that member.
    keepUserDrugs();
    await a.dataSource.query(`UPDATE claims SET status = 'cancelled' WHERE user_id = $1`, [members[0]!.userId]);
    await waitFor(() => b.cache.get(members[0]!.userId, USER_DRUGS_URL) === undefined, 1_000);
    expect(b.cache.get(members[1]!.userId, USER_DRUGS_URL)).toBeDefined();
  });

  it('a read that began before a change of its member is answered but not kept', async () => {
    const { userId } = await memberCachedOnB();
    await a.dataSource.query(`UPDATE claims SET status = 'entered-in-error' WHERE user_id = $1`, [userId]);
    await waitFor(() => b.cache.get(userId, EOB_URL) === undefined, 1_000);

    let runs = 0;
    // The read's SQL runs, then (before it answers) another process commits a change that b hears of.
    const racing = async () => {
      runs++;
      const body = await b.healthData.explanationOfBenefits(userId, { limit: '3' });
      await a.healthData.ingest(userId, 'uhc', [buildEob({ date: '2025-09-09' })]);
      await b.listener.sync();
      return body;
    };
    const stale = (await get(b, userId, EOB_URL, racing)) as { total: number };
    expect(stale.total).toBe(1);
    expect(b.cache.get(userId, EOB_URL)).toBeUndefined();
    const fresh = (await get(b, userId, EOB_URL, () => b.healthData.explanationOfBenefits(userId, { limit: '3' }))) as { total: number };
    expect(fresh.total).toBe(2);
    expect(runs).toBe(1);
  });

  it('the writing process evicts the member itself, without waiting for the NOTIFY', async () => {
    // A cache that hears no NOTIFY at all (trusted by hand): only the service's own eviction can drop the entry.
    const cache = new UserReadCache(USER_READ_CACHE_OPTIONS);
    cache.trust(Date.now() + 60_000);
    const writer = new HealthDataService(new HealthDataRepository(a.dataSource), {} as PatientInfoRepository, cache);
    const { id: userId } = await createUser(a.dataSource);
    const keep = () => cache.store(userId, EOB_URL, '{}', cache.beginRead());

    keep();
    await writer.ingest(userId, 'uhc', [buildEob()]);
    expect(cache.get(userId, EOB_URL)).toBeUndefined();

    keep();
    await writer.eraseInsurerData(userId, 'uhc');
    expect(cache.get(userId, EOB_URL)).toBeUndefined();

    // In the caller's transaction (the insurers module's unlink), not committed yet: dropped and not kept again.
    keep();
    await a.dataSource.transaction(async (manager) => {
      await writer.ingest(userId, 'uhc', [buildEob()], manager);
      expect(cache.get(userId, EOB_URL)).toBeUndefined();
      keep();
    });
    keep();
    expect(cache.get(userId, EOB_URL)).toBeUndefined();
  });

  it('while b’s listener is down its cache answers nothing and keeps nothing (fail closed), and serves again once back', async () => {
    const { userId } = await memberCachedOnB();
    const pid = b.listener.backendPid;
    expect(pid).toEqual(expect.any(Number));
    b.listener.timing = { ...b.listener.timing, backoffMs: { first: 60_000, max: 60_000 } };
    await a.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(() => !b.listener.listening, 2_000);
    expect(b.cache.size).toBe(0);

    // A change b cannot hear of: every read runs its SQL and sees it.
    await a.dataSource.query(`UPDATE claims SET status = 'cancelled' WHERE user_id = $1`, [userId]);
    const runs = jest.fn(() => b.healthData.explanationOfBenefits(userId, { limit: '3' }));
    const read = (await get(b, userId, EOB_URL, runs)) as { EOB: { status: string }[] };
    expect(read.EOB[0]!.status).toBe('cancelled');
    await get(b, userId, EOB_URL, runs);
    expect(runs).toHaveBeenCalledTimes(2);
    expect(b.cache.size).toBe(0);

    await b.listener.onApplicationShutdown();
    b.listener = new UserDataChangesListener(config(), b.cache);
    b.listener.onApplicationBootstrap();
    await waitFor(() => b.listener.listening, 5_000);
    await memberCachedOnB();
  });

  it('a lost listener reconnects by itself on a new connection and hears changes again', async () => {
    const pid = b.listener.backendPid;
    b.listener.timing = { ...b.listener.timing, backoffMs: { first: 50, max: 200 } };
    await a.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(() => !b.listener.listening, 2_000);
    await waitFor(() => b.listener.listening, 5_000);
    expect(b.listener.backendPid).not.toBe(pid);
    const { userId } = await memberCachedOnB();
    await a.dataSource.query('DELETE FROM claims WHERE user_id = $1', [userId]);
    await waitFor(() => b.cache.get(userId, EOB_URL) === undefined, 1_000);
  });
});
