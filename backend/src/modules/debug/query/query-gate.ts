import { QUERY_MAX_LENGTH, QUERYABLE_TABLES } from '@healthlink/contracts';
import { parse } from 'libpg-query';
import { ALLOWED_CAST_TYPES, ALLOWED_FUNCTIONS, ALLOWED_NODES, ALLOWED_SQL_VALUE_FUNCTIONS } from './query-allowlist';

/** The gate's answer: the one SELECT to run (its own text, without the `;` or what follows), or why not. */
export type GateVerdict = { allowed: true; statement: string } | { allowed: false; reason: string };

const TABLES: ReadonlySet<string> = new Set(QUERYABLE_TABLES);
const TABLE_LIST = `${QUERYABLE_TABLES.slice(0, -1).join(', ')} and ${QUERYABLE_TABLES[QUERYABLE_TABLES.length - 1]}`;
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const WRITING_CTES: Record<string, string> = { InsertStmt: 'INSERT', UpdateStmt: 'UPDATE', DeleteStmt: 'DELETE', MergeStmt: 'MERGE' };

type AstObject = Record<string, unknown>;

class Refusal extends Error {}

const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** `CreateTableAsStmt` -> `CREATE TABLE AS`; SET ROLE and SET SESSION AUTHORIZATION named as such. */
function statementKind(type: string, node: AstObject): string {
  if (type === 'VariableSetStmt') {
    const name = typeof node.name === 'string' ? node.name : '';
    if (name === 'role') return 'SET ROLE';
    if (name === 'session_authorization') return 'SET SESSION AUTHORIZATION';
    return 'SET';
  }
  const words: Record<string, string> = {
    VariableShowStmt: 'SHOW',
    TransactionStmt: 'transaction control (BEGIN, COMMIT, ...)',
    GrantStmt: 'GRANT / REVOKE',
    DoStmt: 'DO',
    CallStmt: 'CALL',
    CopyStmt: 'COPY',
    ExplainStmt: 'EXPLAIN',
    VacuumStmt: 'VACUUM / ANALYZE',
  };
  return (
    words[type] ??
    type
      .replace(/Stmt$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toUpperCase()
  );
}

/** The text of statement `stmt` of `text`: PostgreSQL's locations count UTF-8 bytes, not characters. */
function statementText(text: string, stmt: { stmt_location?: number; stmt_len?: number }): string {
  const bytes = Buffer.from(text, 'utf8');
  const start = stmt.stmt_location ?? 0;
  const end = stmt.stmt_len ? start + stmt.stmt_len : bytes.length;
  return bytes.subarray(start, end).toString('utf8').trim();
}

function namesOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => ((item as { String?: { sval?: string } }).String?.sval ?? '').toString());
}

/** Only unqualified names or those of pg_catalog (the built-ins); the last part is the name. */
function checkQualifiedName(parts: string[], what: string, allowed: ReadonlySet<string>, hint: string): void {
  const name = parts[parts.length - 1] ?? '';
  const schema = parts.length > 1 ? parts.slice(0, -1).join('.') : undefined;
  if ((schema !== undefined && schema !== 'pg_catalog') || !allowed.has(name.toLowerCase())) {
    refuse(`The ${what} "${parts.join('.')}" is not allowed in the query tool${hint}.`);
  }
}

interface Visit {
  value: unknown;
  /** CTE names visible here: a relation of that name (unqualified) is the CTE, not a table. */
  ctes: ReadonlySet<string>;
}

/** Scopes of a WITH: each CTE sees the earlier ones (all of them if RECURSIVE); the body sees every one. */
function pushSelect(node: AstObject, ctes: ReadonlySet<string>, stack: Visit[]): void {
  const withClause = node.withClause as { ctes?: unknown[]; recursive?: boolean } | undefined;
  const list = (withClause?.ctes ?? []).map((entry) => (entry as { CommonTableExpr?: AstObject }).CommonTableExpr ?? {});
  const names = list.map((cte) => String(cte.ctename ?? ''));
  const all = new Set([...ctes, ...names]);
  list.forEach((cte, index) => {
    const query = cte.ctequery as AstObject | undefined;
    const writer = query && Object.keys(query).find((key) => key in WRITING_CTES);
    if (writer) refuse(`A WITH query that changes data (${WRITING_CTES[writer]}) is refused: the query tool only reads.`);
    const visible = withClause?.recursive ? all : new Set([...ctes, ...names.slice(0, index)]);
    stack.push({ value: cte, ctes: visible });
  });
  for (const [key, value] of Object.entries(node)) {
    if (key === 'withClause') continue;
    // The two sides of a UNION / INTERSECT / EXCEPT are SELECTs of their own, given unwrapped.
    stack.push({ value: (key === 'larg' || key === 'rarg') && value ? { SelectStmt: value } : value, ctes: all });
  }
}

function checkNode(type: string, node: AstObject): void {
  if (type === 'LockingClause') refuse('FOR UPDATE / FOR SHARE locks rows: the query tool only reads.');
  if (type === 'ParamRef') refuse('Parameters such as $1 are not supported: write the value into the query.');
  if (!ALLOWED_NODES.has(type)) refuse(`${type} is not supported in the query tool.`);
  if (type === 'FuncCall') {
    checkQualifiedName(
      namesOf(node.funcname),
      'function',
      ALLOWED_FUNCTIONS,
      ' (aggregates, string, date, JSON, array and math functions are)',
    );
  } else if (type === 'TypeCast' || type === 'ColumnDef') {
    const typeName = node.typeName as { names?: unknown } | undefined;
    checkQualifiedName(namesOf(typeName?.names), 'type', ALLOWED_CAST_TYPES, '');
  } else if (type === 'SQLValueFunction' && !ALLOWED_SQL_VALUE_FUNCTIONS.has(String(node.op))) {
    refuse(`${String(node.op).replace(/^SVFOP_/, '')} is not available in the query tool.`);
  } else if (type === 'RangeTableSample') {
    const method = namesOf(node.method).join('.');
    if (method !== 'system' && method !== 'bernoulli') refuse(`TABLESAMPLE ${method} is not allowed in the query tool.`);
  } else if (type === 'A_Expr') {
    const operator = namesOf(node.name);
    if (operator.length > 1 && operator[0] !== 'pg_catalog') refuse(`The operator ${operator.join('.')} is not allowed in the query tool.`);
  } else if (type === 'SelectStmt' && node.intoClause) {
    refuse('SELECT ... INTO creates a table: the query tool only reads.');
  }
}

/** Any object naming a relation (`relname`), wrapped in a RangeVar node or not: one of the three tables, or a visible CTE. */
function checkRelation(node: AstObject, ctes: ReadonlySet<string>): void {
  const schema = typeof node.schemaname === 'string' ? node.schemaname : undefined;
  const name = String(node.relname);
  const shown = [node.catalogname, schema, name].filter((part) => typeof part === 'string').join('.');
  if (node.catalogname === undefined && schema === undefined && ctes.has(name)) return;
  if (node.catalogname !== undefined || (schema !== undefined && schema !== 'public') || !TABLES.has(name)) {
    refuse(`The query tool can read only the tables ${TABLE_LIST}: "${shown}" is not one of them.`);
  }
}

/** Walks the whole tree with an explicit stack (a deeply nested query must not overflow this check). */
function checkTree(root: AstObject): void {
  const stack: Visit[] = [{ value: root, ctes: new Set() }];
  while (stack.length > 0) {
    const { value, ctes } = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, ctes });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const object = value as AstObject;
    const keys = Object.keys(object);
    if (typeof object.relname === 'string') checkRelation(object, ctes);
    // A node is wrapped as { TypeName: { ...fields } }; field names start with a lower-case letter.
    if (keys.length === 1 && /^[A-Z]/.test(keys[0])) {
      const type = keys[0];
      const node = (object[type] ?? {}) as AstObject;
      checkNode(type, node);
      if (type === 'SelectStmt') pushSelect(node, ctes, stack);
      else stack.push({ value: node, ctes });
      continue;
    }
    if (object.intoClause) refuse('SELECT ... INTO creates a table: the query tool only reads.');
    for (const child of Object.values(object)) stack.push({ value: child, ctes });
  }
}

/**
 * The first layer of the query tool's protection: PostgreSQL's own parser (libpg-query) reads the text, and only one
 * SELECT that reads the three tables with reviewed functions passes. The read-only role and the READ ONLY transaction
 * stay the guarantee (StaffQueryRunner); this layer says why, in words, before anything reaches the database.
 */
export async function checkStaffQuery(text: string): Promise<GateVerdict> {
  if (text.length > QUERY_MAX_LENGTH) {
    return { allowed: false, reason: `The query is longer than ${QUERY_MAX_LENGTH.toLocaleString('en-US')} characters.` };
  }
  if (NUL.test(text)) return { allowed: false, reason: 'The query contains a NUL character (U+0000), which is not allowed.' };
  if (LONE_SURROGATE.test(text))
    return { allowed: false, reason: 'The query contains an unpaired UTF-16 surrogate, which is not valid text.' };
  let stmts: { stmt?: AstObject; stmt_location?: number; stmt_len?: number }[];
  try {
    stmts = ((await parse(text)).stmts ?? []) as typeof stmts;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/cannot be empty/i.test(message)) return { allowed: false, reason: 'The query is empty: write one SELECT statement.' };
    return { allowed: false, reason: `The query could not be read: ${message}.` };
  }
  if (stmts.length === 0) return { allowed: false, reason: 'The query is empty: write one SELECT statement.' };
  if (stmts.length > 1) {
    return { allowed: false, reason: "Only one statement can run at a time: remove what follows the first ';'." };
  }
  const stmt = stmts[0].stmt ?? {};
  const type = Object.keys(stmt)[0] ?? '';
  if (type !== 'SelectStmt') {
    const kind = statementKind(type, (stmt[type] ?? {}) as AstObject);
    return { allowed: false, reason: `Only a SELECT query can run here: ${kind} statements are refused.` };
  }
  try {
    checkTree(stmt);
  } catch (error) {
    if (error instanceof Refusal) return { allowed: false, reason: error.message };
    throw error;
  }
  return { allowed: true, statement: statementText(text, stmts[0]) };
}
