import { DEFAULT_QUERIES, QUERY_MAX_LENGTH } from '@healthlink/contracts';
import { checkStaffQuery } from './query-gate';

const reasonOf = async (sql: string): Promise<string> => {
  const verdict = await checkStaffQuery(sql);
  if (verdict.allowed) throw new Error(`expected a refusal of: ${sql}`);
  return verdict.reason;
};

const statementOf = async (sql: string): Promise<string> => {
  const verdict = await checkStaffQuery(sql);
  if (!verdict.allowed) throw new Error(`expected ${sql} to pass, got: ${verdict.reason}`);
  return verdict.statement;
};

describe('checkStaffQuery (the query tool gate)', () => {
  describe('allows one SELECT over errors, ndc_products and ndc_packages', () => {
    it.each(Object.entries(DEFAULT_QUERIES))('the default query of %s, without its ;', async (_table, sql) => {
      expect(await statementOf(sql)).toBe(sql.replace(/;$/, ''));
    });

    it.each([
      'SELECT p.product_ndc, count(k.ndc11) FROM ndc_products p JOIN ndc_packages k ON k.product_ndc = p.product_ndc GROUP BY 1 ORDER BY 2 DESC',
      'SELECT * FROM public.errors e LEFT JOIN ndc_packages k ON k.ndc11 = e.host WHERE e.id IN (SELECT id FROM errors LIMIT 5)',
      'SELECT * FROM (SELECT error_type, count(*) AS n FROM errors GROUP BY error_type) t WHERE n > 1',
      'SELECT EXISTS (SELECT 1 FROM ndc_products), ARRAY(SELECT ndc11 FROM ndc_packages LIMIT 3)',
      "WITH recent AS (SELECT * FROM errors WHERE created_at > now() - interval '1 day') SELECT error_type, count(*) FROM recent GROUP BY 1",
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT * FROM n',
      "SELECT error_details->>'status', jsonb_pretty(error_details), to_char(created_at, 'YYYY-MM-DD') FROM errors",
      "SELECT date_trunc('hour', created_at) AS hour, count(*) FILTER (WHERE host IS NOT NULL) FROM errors GROUP BY 1",
      "SELECT row_number() OVER (ORDER BY created_at), lower(error_type), coalesce(host, '-'), greatest(1, 2) FROM errors",
      "SELECT extract(year FROM created_at), created_at AT TIME ZONE 'UTC', substring(error_type FROM 1 FOR 3) FROM errors",
      'SELECT ndc11 FROM ndc_packages UNION SELECT product_ndc FROM ndc_products',
      'SELECT x FROM generate_series(1, 3) x, jsonb_to_recordset(\'[{"a":1}]\') AS r(a int)',
      'SELECT id::text, 1::bigint, now()::date, current_timestamp FROM errors',
      'TABLE errors',
      'VALUES (1, 2)',
      'SELECT DISTINCT ON (error_type) error_type, created_at FROM errors ORDER BY error_type, created_at DESC NULLS LAST',
    ])('%s', async (sql) => {
      expect(await statementOf(sql)).toBe(sql);
    });

    it('keeps the text as typed around multi-byte characters, without comments outside the statement', async () => {
      expect(await statementOf("-- lookup\nSELECT * FROM errors WHERE error_type = 'Ünïcödé ✓' ; -- done")).toBe(
        "SELECT * FROM errors WHERE error_type = 'Ünïcödé ✓'",
      );
    });

    it('a CTE may take the name of a table it hides', async () => {
      expect(await statementOf('WITH users AS (SELECT 1 AS id) SELECT * FROM users')).toBe(
        'WITH users AS (SELECT 1 AS id) SELECT * FROM users',
      );
    });
  });

  describe('refuses anything else, saying why', () => {
    it.each([
      ['DELETE FROM errors', 'Only a SELECT query can run here: DELETE statements are refused.'],
      ["UPDATE errors SET host = 'x'", 'Only a SELECT query can run here: UPDATE statements are refused.'],
      ["INSERT INTO errors (error_type) VALUES ('x')", 'Only a SELECT query can run here: INSERT statements are refused.'],
      ['DROP TABLE errors', 'Only a SELECT query can run here: DROP statements are refused.'],
      ['TRUNCATE errors', 'Only a SELECT query can run here: TRUNCATE statements are refused.'],
      ['SET ROLE postgres', 'Only a SELECT query can run here: SET ROLE statements are refused.'],
      ['SET statement_timeout = 0', 'Only a SELECT query can run here: SET statements are refused.'],
      ["SET SESSION AUTHORIZATION 'postgres'", 'Only a SELECT query can run here: SET SESSION AUTHORIZATION statements are refused.'],
      ["COPY errors TO '/tmp/x'", 'Only a SELECT query can run here: COPY statements are refused.'],
      ['DO $$ BEGIN PERFORM 1; END $$', 'Only a SELECT query can run here: DO statements are refused.'],
      ['CALL something()', 'Only a SELECT query can run here: CALL statements are refused.'],
      ['EXPLAIN ANALYZE DELETE FROM errors', 'Only a SELECT query can run here: EXPLAIN statements are refused.'],
      ['BEGIN', 'Only a SELECT query can run here: transaction control (BEGIN, COMMIT, ...) statements are refused.'],
      ['CREATE TABLE t AS SELECT * FROM errors', 'Only a SELECT query can run here: CREATE TABLE AS statements are refused.'],
      ['GRANT SELECT ON users TO public', 'Only a SELECT query can run here: GRANT / REVOKE statements are refused.'],
    ])('%s', async (sql, reason) => {
      expect(await reasonOf(sql)).toBe(reason);
    });

    it('a second statement after ;', async () => {
      const reason = "Only one statement can run at a time: remove what follows the first ';'.";
      expect(await reasonOf('SELECT 1; DELETE FROM errors')).toBe(reason);
      expect(await reasonOf('SELECT * FROM errors; SELECT * FROM ndc_products;')).toBe(reason);
    });

    it('a CTE that writes', async () => {
      expect(await reasonOf('WITH gone AS (DELETE FROM errors RETURNING *) SELECT * FROM gone')).toBe(
        'A WITH query that changes data (DELETE) is refused: the query tool only reads.',
      );
      expect(await reasonOf("WITH x AS (INSERT INTO errors (error_type) VALUES ('x') RETURNING id) SELECT * FROM x")).toMatch(/\(INSERT\)/);
      expect(await reasonOf("SELECT * FROM (WITH u AS (UPDATE errors SET host = '' RETURNING id) SELECT * FROM u) s")).toMatch(
        /\(UPDATE\)/,
      );
    });

    it('SELECT INTO and row locks', async () => {
      expect(await reasonOf('SELECT * INTO copy FROM errors')).toBe('SELECT ... INTO creates a table: the query tool only reads.');
      expect(await reasonOf('SELECT * FROM errors FOR UPDATE')).toBe('FOR UPDATE / FOR SHARE locks rows: the query tool only reads.');
      expect(await reasonOf('SELECT * FROM errors FOR KEY SHARE')).toMatch(/FOR UPDATE \/ FOR SHARE/);
    });

    it.each([
      ['SELECT * FROM users', 'users'],
      ['SELECT * FROM public.sessions', 'public.sessions'],
      ['SELECT * FROM pg_catalog.pg_authid', 'pg_catalog.pg_authid'],
      ['SELECT * FROM pg_user', 'pg_user'],
      ['SELECT * FROM information_schema.tables', 'information_schema.tables'],
      ['SELECT * FROM otherdb.public.errors', 'otherdb.public.errors'],
      ['SELECT * FROM other_schema.errors', 'other_schema.errors'],
      ['SELECT * FROM "Errors"', 'Errors'],
      ['SELECT e.* FROM errors e JOIN users u ON u.id = e.user_id', 'users'],
      ['SELECT (SELECT email FROM users LIMIT 1) FROM errors', 'users'],
      ['SELECT * FROM errors WHERE EXISTS (SELECT 1 FROM sessions)', 'sessions'],
      ['SELECT 1 UNION SELECT 1 FROM users', 'users'],
      ['WITH a AS (SELECT * FROM users) SELECT * FROM a', 'users'],
      // Without RECURSIVE a CTE sees only the ones before it: here "users" is the table.
      ['WITH a AS (SELECT * FROM users), users AS (SELECT 1) SELECT * FROM a', 'users'],
      // A CTE of a subquery is not visible outside it.
      ['SELECT * FROM (WITH users AS (SELECT 1) SELECT * FROM users) s, users', 'users'],
    ])('%s reads a table outside the three', async (sql, shown) => {
      expect(await reasonOf(sql)).toBe(
        `The query tool can read only the tables errors, ndc_products and ndc_packages: "${shown}" is not one of them.`,
      );
    });

    it.each([
      ['SELECT pg_sleep(60)', 'pg_sleep'],
      ["SELECT pg_read_file('/etc/passwd')", 'pg_read_file'],
      ["SELECT set_config('role', 'postgres', false)", 'set_config'],
      ["SELECT current_setting('data_directory')", 'current_setting'],
      ["SELECT dblink('host=x', 'select 1')", 'dblink'],
      ["SELECT lo_import('/etc/passwd')", 'lo_import'],
      ['SELECT pg_terminate_backend(1)', 'pg_terminate_backend'],
      ["SELECT nextval('x')", 'nextval'],
      ["SELECT query_to_xml('select * from users', true, true, '')", 'query_to_xml'],
      ['SELECT pg_catalog.pg_sleep(1)', 'pg_catalog.pg_sleep'],
      ['SELECT public.count(*) FROM errors', 'public.count'],
      ['SELECT * FROM errors WHERE pg_sleep(1) IS NULL', 'pg_sleep'],
      ["SELECT * FROM pg_ls_dir('.')", 'pg_ls_dir'],
      ['SELECT count(*) FILTER (WHERE pg_sleep(1) IS NULL) FROM errors', 'pg_sleep'],
      ["SELECT repeat('x', 1000000000)", 'repeat'],
      ["SELECT format('%500000000s', 'x')", 'format'],
      ["SELECT format('%1000000s', 'x') FROM generate_series(1, 10001)", 'format'],
    ])('%s calls a function outside the allowlist', async (sql, shown) => {
      expect(await reasonOf(sql)).toBe(
        `The function "${shown}" is not allowed in the query tool (aggregates, string, date, JSON, array and math functions are).`,
      );
    });

    it('casts to types outside the list, catalog lookups and other constructs', async () => {
      expect(await reasonOf("SELECT 'users'::regclass")).toBe('The type "regclass" is not allowed in the query tool.');
      expect(await reasonOf('SELECT current_user')).toBe('CURRENT_USER is not available in the query tool.');
      expect(await reasonOf('SELECT $1')).toBe('Parameters such as $1 are not supported: write the value into the query.');
      expect(await reasonOf('SELECT xmlelement(name x)')).toBe('XmlExpr is not supported in the query tool.');
      expect(await reasonOf('SELECT * FROM errors TABLESAMPLE system_rows(10)')).toBe(
        'TABLESAMPLE system_rows is not allowed in the query tool.',
      );
      expect(await reasonOf('SELECT 1 OPERATOR(public.+) 2')).toBe('The operator public.+ is not allowed in the query tool.');
    });

    it('empty, unreadable, too long or not text', async () => {
      expect(await reasonOf('')).toBe('The query is empty: write one SELECT statement.');
      expect(await reasonOf('  -- nothing\n')).toBe('The query is empty: write one SELECT statement.');
      expect(await reasonOf('SELEC * FROM errors')).toBe('The query could not be read: syntax error at or near "SELEC".');
      expect(await reasonOf(`SELECT '${'x'.repeat(QUERY_MAX_LENGTH)}'`)).toBe('The query is longer than 20,000 characters.');
      expect(await reasonOf('SELECT 1\u0000')).toBe('The query contains a NUL character (U+0000), which is not allowed.');
      expect(await reasonOf("SELECT '\ud800'")).toBe('The query contains an unpaired UTF-16 surrogate, which is not valid text.');
    });

    it('a deeply nested query is checked without overflowing the stack', async () => {
      const depth = 2_000;
      const nested = `SELECT ${'('.repeat(depth)}pg_sleep(1)${')'.repeat(depth)}`;
      const verdict = await checkStaffQuery(nested);
      expect(verdict.allowed).toBe(false);
    });
  });
});
