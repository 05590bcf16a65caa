import {
  DEFAULT_QUERIES,
  ERRORS_QUERY_PATH,
  QUERY_BYTE_BUDGET,
  QUERY_ROW_CAP,
  STAFF_ONLY_MESSAGE,
  type RunQueryResponse,
} from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { staffRolesOn } from '../../src/modules/auth';
import { ROW_TOO_LARGE_MESSAGE, StaffQueryRunner } from '../../src/modules/debug/query/staff-query.runner';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

jest.setTimeout(60_000);

/** One string literal when backslashes are plain characters (standard_conforming_strings on), as the gate reads it. */
const HOSTILE_QUOTES = "SELECT 'a\\''; DELETE FROM errors; --'";

/**
 * POST /api/errors/query (issue 19 point 2): staff only; one SELECT over errors, ndc_products and ndc_packages, run as
 * the read-only role in a READ ONLY transaction with a 5 s timeout and a row cap; every text recorded in staff_queries.
 */
describe('query tool: POST /api/errors/query', () => {
  let app: NestFastifyApplication;
  let staff: { userId: string; token: string; email: string };
  const sentinel = `QUERY_TOOL_SENTINEL_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    app = await createTestApp();
    staff = await tokenFor(app);
    await staffRolesOn(dataSourceOf(app)).change(staff.email, 'grant', 'E2E Operator');
    await dataSourceOf(app).query(`INSERT INTO errors (error_type, host) VALUES ($1, 'sentinel-host')`, [sentinel]);
  });
  afterAll(() => app?.close());

  const send = (query: unknown, token = staff.token) =>
    app.inject({ method: 'POST', url: ERRORS_QUERY_PATH, payload: { query }, headers: bearer(token) });

  /**
   * What a hostile query would change, robust to other test files writing to the same database meanwhile: the sentinel
   * row and its row version (an UPDATE to the same values changes it too), rows carrying the sentinel's name, the drug
   * tables' counts, and the query role's powers.
   */
  const snapshot = async () => {
    const ds = dataSourceOf(app);
    const sentinelRow = await ds.query(`SELECT id, host, error_type, xmin::text AS version FROM errors WHERE error_type = $1`, [sentinel]);
    const [counts] = await ds.query(
      `SELECT (SELECT count(*) FROM errors WHERE error_type LIKE $1)::int AS named, (SELECT count(*) FROM ndc_products)::int AS products,
              (SELECT count(*) FROM ndc_packages)::int AS packages`,
      [`${sentinel}%`],
    );
    const [role] = await ds.query(`SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = 'healthlink_query_reader'`);
    return { sentinelRow, counts, role };
  };

  const recordsOf = (userId: string) =>
    dataSourceOf(app).query(
      `SELECT sql, outcome, detail, row_count, duration_ms FROM staff_queries WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );

  it('a patient gets 403 AUTH.STAFF_ONLY and nothing is run or recorded; no session is a 401', async () => {
    const patient = await tokenFor(app);
    const refused = await send(DEFAULT_QUERIES.errors, patient.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'AUTH.STAFF_ONLY', message: STAFF_ONLY_MESSAGE });
    expect(await recordsOf(patient.userId)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: ERRORS_QUERY_PATH, payload: { query: 'SELECT 1' } })).statusCode).toBe(401);
  });

  it('staff run the three default queries', async () => {
    const errors = await send(DEFAULT_QUERIES.errors);
    expect(errors.statusCode).toBe(200);
    const body: RunQueryResponse = errors.json();
    expect(body.columns).toEqual(['id', 'created_at', 'user_id', 'insurer_name', 'host', 'error_type', 'error_details']);
    expect(body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ error_type: sentinel, host: 'sentinel-host' })]));
    expect(body).toMatchObject({ rowCount: body.rows.length, truncated: false, durationMs: expect.any(Number) });

    for (const sql of [DEFAULT_QUERIES.ndc_products, DEFAULT_QUERIES.ndc_packages]) {
      const answer = await send(sql);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ rowCount: 10, truncated: false });
      expect(answer.json().rows).toHaveLength(10);
    }
  });

  it('cells are JSON-safe: bigint and numeric as text, JSON as documents, repeated column names numbered', async () => {
    const answer = await send(
      `SELECT 9007199254740993::bigint AS big, 1.50::numeric AS money, 'NaN'::float8 AS nan, 2::int AS two, true AS yes,
              '{"a":[1,2]}'::jsonb AS doc, NULL AS nothing, 'x' AS "__proto__", 1 AS n, 2 AS n`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().columns).toEqual(['big', 'money', 'nan', 'two', 'yes', 'doc', 'nothing', '__proto__', 'n', 'n_2']);
    expect(answer.json().rows).toEqual([
      {
        big: '9007199254740993',
        money: '1.50',
        nan: 'NaN',
        two: 2,
        yes: true,
        doc: { a: [1, 2] },
        nothing: null,
        ['__proto__']: 'x',
        n: 1,
        n_2: 2,
      },
    ]);
  });

  it.each([
    ['DELETE FROM errors', /DELETE statements are refused/],
    [`UPDATE errors SET host = 'changed' WHERE error_type = '${sentinel}'`, /UPDATE statements are refused/],
    [`INSERT INTO errors (error_type) VALUES ('${sentinel}_INSERTED')`, /INSERT statements are refused/],
    ['DROP TABLE errors', /DROP statements are refused/],
    ['SELECT 1; DELETE FROM errors', /Only one statement/],
    ['SELECT pg_sleep(60)', /"pg_sleep" is not allowed/],
    ['SELECT * FROM users', /"users" is not one of them/],
    ["SELECT pg_read_file('/etc/passwd')", /"pg_read_file" is not allowed/],
    ['WITH gone AS (DELETE FROM errors RETURNING *) SELECT * FROM gone', /changes data \(DELETE\)/],
    ['SET ROLE postgres', /SET ROLE statements are refused/],
  ])('%s is refused with a 400 that says why, recorded, and changes nothing', async (sql, reason) => {
    const before = await snapshot();
    const answer = await send(sql);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'REQUEST.BAD_REQUEST',
      message: expect.stringMatching(reason),
      errors: [{ field: 'query' }],
    });
    expect(await snapshot()).toEqual(before);
    const records = await recordsOf(staff.userId);
    expect(records[records.length - 1]).toMatchObject({ sql, outcome: 'refused', detail: answer.json().message, row_count: null });
  });

  it('a query the database refuses is a 400 with its message, recorded failed with the SQLSTATE', async () => {
    const answer = await send('SELECT 1 / 0 FROM errors');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'REQUEST.BAD_REQUEST', message: 'division by zero' });
    const records = await recordsOf(staff.userId);
    expect(records[records.length - 1]).toMatchObject({ outcome: 'failed', detail: '22012' });
  });

  it('an allowed query that runs too long is stopped by the statement timeout', async () => {
    const sql = 'SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b';
    const answer = await send(sql);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The query took longer than 5 seconds and was stopped.');
    const records = await recordsOf(staff.userId);
    expect(records[records.length - 1]).toMatchObject({ sql, outcome: 'failed', detail: '57014' });
  });

  it('stops at the row cap and says so; the record keeps the count and the time', async () => {
    const answer = await send(`SELECT i FROM generate_series(1, ${QUERY_ROW_CAP + 5}) i`);
    expect(answer.statusCode).toBe(200);
    const body: RunQueryResponse = answer.json();
    expect(body).toMatchObject({ rowCount: QUERY_ROW_CAP, truncated: true });
    expect(body.rows).toHaveLength(QUERY_ROW_CAP);
    expect(body.rows[QUERY_ROW_CAP - 1]).toEqual({ i: QUERY_ROW_CAP });
    const exact = await send(`SELECT i FROM generate_series(1, ${QUERY_ROW_CAP}) i`);
    expect(exact.json()).toMatchObject({ rowCount: QUERY_ROW_CAP, truncated: false });
    const records = await recordsOf(staff.userId);
    expect(records[records.length - 1]).toMatchObject({ outcome: 'ok', row_count: QUERY_ROW_CAP, duration_ms: expect.any(Number) });
  });

  it('anonymous, repeated and no columns keep their place', async () => {
    expect((await send('SELECT 1, 2')).json()).toMatchObject({
      columns: ['?column?', '?column?_2'],
      rows: [{ '?column?': 1, '?column?_2': 2 }],
    });
    expect((await send('SELECT 1 AS n, 2 AS n, 3 AS "N" -- the end')).json()).toMatchObject({
      columns: ['n', 'n_2', 'N'],
      rows: [{ n: 1, n_2: 2, N: 3 }],
    });
    expect((await send('SELECT FROM errors LIMIT 1')).json()).toMatchObject({ columns: [], rows: [{}], rowCount: 1 });
  });

  describe('answers that would not fit in memory', () => {
    it.each([["SELECT format('%500000000s', 'x')"], ["SELECT format('%1000000s', 'x') FROM generate_series(1, 10001)"]])(
      '%s is refused by the gate (format can pad to any width)',
      async (sql) => {
        const answer = await send(sql);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toMatch(/"format" is not allowed/);
      },
    );

    it('a row over 1 MB is a 400 that says so; its value never reaches the app', async () => {
      const sql = "SELECT (SELECT string_agg('x', '') FROM generate_series(1, 2000000)) AS big";
      const answer = await send(sql);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'REQUEST.BAD_REQUEST', message: ROW_TOO_LARGE_MESSAGE, errors: [{ field: 'query' }] });
      const records = await recordsOf(staff.userId);
      expect(records[records.length - 1]).toMatchObject({ sql, outcome: 'failed', detail: 'tooLarge' });
    });

    it('wide rows stop at the byte budget with truncated: true, long before the row cap', async () => {
      const answer = await send(
        "SELECT i, (SELECT string_agg('x', '') FROM generate_series(1, 500000)) AS wide FROM generate_series(1, 10001) i",
      );
      expect(answer.statusCode).toBe(200);
      const body: RunQueryResponse = answer.json();
      expect(body.truncated).toBe(true);
      expect(body.rowCount).toBe(body.rows.length);
      expect(body.rows.length).toBeGreaterThan(0);
      expect(body.rows.length).toBeLessThan(QUERY_BYTE_BUDGET / 500_000);
      expect(body.rows[body.rows.length - 1]).toMatchObject({ i: body.rows.length });
      expect(answer.payload.length).toBeLessThanOrEqual(QUERY_BYTE_BUDGET + 1_000);
      // The app still answers.
      expect((await send('SELECT 1 AS one')).json()).toMatchObject({ rows: [{ one: 1 }] });
    });
  });

  it('a backslash before a quote cannot end the string: the text stays one SELECT (standard_conforming_strings on)', async () => {
    const before = await snapshot();
    // Read with standard_conforming_strings off, this would be SELECT 'a''' then a DELETE of every error.
    const answer = await send(HOSTILE_QUOTES);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().rows).toEqual([{ '?column?': "a\\'; DELETE FROM errors; --" }]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses hostile or malformed bodies with a 400 naming the field', async () => {
    expect((await send('SELECT 1\u0000')).statusCode).toBe(400);
    expect((await send("SELECT '\ud800'")).statusCode).toBe(400);
    const long = await send(`SELECT '${'x'.repeat(20_001)}'`);
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('query must be at most 20000 characters');
    const missing = await app.inject({ method: 'POST', url: ERRORS_QUERY_PATH, payload: {}, headers: bearer(staff.token) });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('query');
    expect((await send(42)).statusCode).toBe(400);
  });

  describe('the database role, with the gate bypassed (the runner called directly)', () => {
    const runner = () => app.get(StaffQueryRunner);

    it('cannot read users, sessions or the catalogue of passwords', async () => {
      await expect(runner().run('SELECT * FROM users')).rejects.toMatchObject({
        kind: 'database',
        message: 'permission denied for table users',
      });
      await expect(runner().run('SELECT * FROM sessions')).rejects.toMatchObject({ kind: 'database', sqlState: '42501' });
      await expect(runner().run('SELECT * FROM pg_authid')).rejects.toMatchObject({ sqlState: '42501' });
      await expect(runner().run("SELECT pg_read_file('/etc/passwd')")).rejects.toMatchObject({ sqlState: '42501' });
    });

    it('cannot write, even through a CTE, nor become another role', async () => {
      const before = await snapshot();
      await expect(
        runner().run(`WITH gone AS (DELETE FROM errors WHERE error_type = '${sentinel}' RETURNING *) SELECT * FROM gone`),
      ).rejects.toMatchObject({
        kind: 'database',
      });
      await expect(runner().run("SELECT set_config('role', 'postgres', false)")).rejects.toMatchObject({ kind: 'database' });
      await expect(runner().run("SELECT set_config('session_authorization', 'postgres', false)")).rejects.toMatchObject({
        kind: 'database',
      });
      expect(await snapshot()).toEqual(before);
      await expect(runner().run('SELECT current_user AS who, session_user AS login')).resolves.toMatchObject({
        rows: [{ who: 'healthlink_query_reader', login: 'healthlink_query_reader' }],
      });
    });

    it('is stopped by the statement timeout: pg_sleep(60) ends with 57014', async () => {
      await expect(runner().run('SELECT pg_sleep(60)')).rejects.toMatchObject({
        kind: 'timeout',
        sqlState: '57014',
        message: 'The query took longer than 5 seconds and was stopped.',
      });
      // The connection is good for the next query.
      await expect(runner().run('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    });

    it.each([["SELECT format('%5000000s', 'x')"], ["SELECT format('%1000000s', 'x') FROM generate_series(1, 10001)"]])(
      '%s: no row over 1 MB leaves PostgreSQL',
      async (sql) => {
        await expect(runner().run(sql)).rejects.toMatchObject({ kind: 'tooLarge', message: ROW_TOO_LARGE_MESSAGE });
        await expect(runner().run('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
      },
    );

    it('runs one command only: a second one is refused by the server, whatever the quotes', async () => {
      const before = await snapshot();
      await expect(runner().run(`SELECT 1; DELETE FROM errors WHERE error_type = '${sentinel}'`)).rejects.toMatchObject({
        kind: 'database',
        sqlState: '42601',
      });
      // A session cannot keep standard_conforming_strings off for the next query: each runs in a rolled-back transaction.
      await runner().run("SELECT set_config('standard_conforming_strings', 'off', false)");
      await expect(runner().run("SELECT current_setting('standard_conforming_strings') AS scs")).resolves.toMatchObject({
        rows: [{ scs: 'on' }],
      });
      await expect(runner().run(HOSTILE_QUOTES)).resolves.toMatchObject({ rows: [{ '?column?': "a\\'; DELETE FROM errors; --" }] });
      expect(await snapshot()).toEqual(before);
    });
  });
});
