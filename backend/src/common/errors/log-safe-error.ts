// What a database error may carry that names a person's data: TypeORM's QueryFailedError keeps the SQL and its
// parameters (phone, birthdate, address were seen in a log), node-postgres' `detail` quotes the row or key.
const WITHHELD_KEYS = new Set(['query', 'parameters', 'driverError', 'detail', 'where', 'internalQuery', 'body', 'params']);
const MAX_CAUSE_DEPTH = 5;

type Serialized = Record<string, unknown>;

function sqlStateOf(error: Record<string, unknown>): string | undefined {
  const driver = error.driverError as Record<string, unknown> | undefined;
  const code = error.code ?? driver?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** A PostgreSQL data exception (class 22) anywhere in the chain: its message quotes the refused value. */
function quotesValue(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > MAX_CAUSE_DEPTH) return false;
  const error = value as Record<string, unknown>;
  if (sqlStateOf(error)?.startsWith('22')) return true;
  // pino's standard serializer keeps the original error as `raw` (not enumerable).
  return [error.raw, error.cause, error.driverError].some((inner) => inner !== value && quotesValue(inner, depth + 1));
}

// `invalid input syntax for type uuid: "..."`, `value "..." is out of range for type integer`: from the first to
// the last double quote of each line.
function withoutQuotedValues(text: string): string {
  return text.replace(/"[^\n]*"/g, '"[withheld]"');
}

/**
 * An error as the log may show it: type, message, stack, code and the other plain (string, number, boolean)
 * fields, without SQL, its parameters, the driver's error, row details or attached objects, at any depth of
 * `cause`. Takes an Error or the object pino's standard serializer made of one.
 */
export function logSafeError(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const error = value as Record<string, unknown>;
  const sqlState = sqlStateOf(error);
  const redact = quotesValue(value) ? withoutQuotedValues : (text: string) => text;
  const out: Serialized = {};
  const type = typeof error.type === 'string' ? error.type : (value as object).constructor?.name;
  if (type && type !== 'Object') out.type = type;
  if (typeof error.message === 'string') out.message = redact(error.message);
  if (typeof error.stack === 'string') out.stack = redact(error.stack);
  for (const key of Object.keys(error)) {
    if (WITHHELD_KEYS.has(key) || key in out) continue;
    const field = error[key];
    if (key === 'cause' || key === 'errors' || key === 'aggregateErrors') {
      if (depth >= MAX_CAUSE_DEPTH) continue;
      out[key] = Array.isArray(field) ? field.map((item) => logSafeError(item, depth + 1)) : logSafeError(field, depth + 1);
      continue;
    }
    if (field instanceof Error) out[key] = logSafeError(field, depth + 1);
    else if (typeof field === 'string') out[key] = redact(field);
    // Plain values only: an object hung on an error (pg-boss attaches the pg client, with its connection
    // settings) is not for the log.
    else if (typeof field === 'number' || typeof field === 'boolean') out[key] = field;
  }
  if (sqlState) out.code = sqlState;
  if (error.cause !== undefined && !('cause' in out) && depth < MAX_CAUSE_DEPTH) out.cause = logSafeError(error.cause, depth + 1);
  return out;
}

// Class 22 SQLSTATEs that mean a value sent by the client could not be stored: a 400, not a 500.
const REFUSED_VALUE_MESSAGES: Record<string, string> = {
  '22021': 'A text value contains a character that cannot be stored (such as a NUL character)',
  '22P05': 'A text value contains a character that cannot be stored',
  '22P02': 'A value has the wrong format',
  '22001': 'A text value is too long',
  '22003': 'A number is out of range',
  '22007': 'A date or time has an invalid format',
  '22008': 'A date or time is out of range',
};

/** The SQLSTATE and a message for the client when the database refused a value of the request, else undefined. */
export function refusedValueOf(exception: unknown): { sqlState: string; message: string } | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const error = exception as Record<string, unknown>;
  // Only database errors: TypeORM's QueryFailedError (driverError) or node-postgres' own (severity).
  if (!('driverError' in error) && !('severity' in error)) return undefined;
  const sqlState = sqlStateOf(error);
  const message = sqlState ? REFUSED_VALUE_MESSAGES[sqlState] : undefined;
  return sqlState && message ? { sqlState, message } : undefined;
}

/** pino's `err` serializer: pino-http hands it the standard serialization (original in `raw`), bare pino the error. */
export function logSafeErrorSerializer(value: unknown): unknown {
  const raw = typeof value === 'object' && value !== null ? (value as { raw?: unknown }).raw : undefined;
  return logSafeError(raw ?? value);
}
