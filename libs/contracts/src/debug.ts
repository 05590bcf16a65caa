/** POST /api/errors/log (spec part 2 §3: error log entry sent by the product). */
export interface LogErrorRequest {
  userId?: string | null;
  insurerName?: string | null;
  host?: string | null;
  errorType: string;
  errorDetails?: unknown;
}

export interface LogErrorResponse {
  id: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Query tool (spec part 2 §2, §4, §5, §7, §8, §9; issue 19 point 2): staff only.

/** `POST /api/errors/query`: runs one SELECT as the read-only query role. */
export const ERRORS_QUERY_PATH = '/api/errors/query';

/** The tables the query role may read; nothing else is visible to it. */
export const QUERYABLE_TABLES = ['errors', 'ndc_products', 'ndc_packages'] as const;
export type QueryableTable = (typeof QUERYABLE_TABLES)[number];

/** At most this many rows are returned; `truncated` says when the answer was cut (here or at QUERY_BYTE_BUDGET). */
export const QUERY_ROW_CAP = 10_000;
/** A query running longer than this is cancelled by the database. */
export const QUERY_TIMEOUT_MS = 5_000;
/** At most this many bytes of rows (as JSON) are returned; one row over QUERY_ROW_MAX_BYTES refuses the query. */
export const QUERY_BYTE_BUDGET = 20_000_000;
export const QUERY_ROW_MAX_BYTES = 1_000_000;
/** Longest SQL text accepted (characters). */
export const QUERY_MAX_LENGTH = 20_000;

export interface RunQueryRequest {
  query: string;
}

/** A JSON-safe cell: numbers beyond 2^53, bigint, numeric and dates arrive as strings. */
export type QueryCell = string | number | boolean | null | Record<string, unknown> | unknown[];

export interface RunQueryResponse {
  /** Column names in the order the SELECT gave them. */
  columns: string[];
  rows: Record<string, QueryCell>[];
  /** rows.length, for "Query returned N result(s)". */
  rowCount: number;
  /** True when the answer stops before the end: at QUERY_ROW_CAP rows or at QUERY_BYTE_BUDGET bytes. */
  truncated: boolean;
  /** Milliseconds the database took. */
  durationMs: number;
}

/** A refused or failed query: 400 (refused by the parser or the database) with the reason in `message`. */
export interface RunQueryFailure {
  message: string;
}

/**
 * The spec's defaults (part 2 §9): errors of the last 24 hours newest first; the NDC tables LIMIT 10. The spec orders
 * errors "by id descending", which meant newest first with serial ids; ours are random UUIDs, so the time comes first
 * and the id only breaks ties.
 */
export const DEFAULT_QUERIES: Record<QueryableTable, string> = {
  errors: "SELECT * FROM errors WHERE created_at > NOW() - INTERVAL '24 hours' ORDER BY created_at DESC, id DESC;",
  ndc_products: 'SELECT * FROM ndc_products LIMIT 10;',
  ndc_packages: 'SELECT * FROM ndc_packages LIMIT 10;',
};

export const QueryToolTexts = {
  returned: (count: number): string => `Query returned ${count} result(s)`,
  noResults: 'No results found.',
  failed: 'Failed to execute query',
  errorPrefix: 'Error: ',
  noDataToExport: 'No data to export',
  exportStarted: 'Export started',
  permalinkCopied: 'Permalink copied to clipboard!',
  truncated: (shown: number): string =>
    shown === 1 ? 'Only the first row is shown.' : `Only the first ${shown.toLocaleString('en-US')} rows are shown.`,
  /** The CSV file the spec names. */
  csvFileName: 'error_logs.csv',
  xlsxFileName: 'error_logs.xlsx',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Insurer uptime check (spec part 2 §2, §3, §4, §7, §8, §9; issue 19 point 4)

/** `GET /api/upTimeCheck/insurerUptimeCheck`: public (the spec sends no token), rate-limited. */
export const INSURER_UPTIME_CHECK_PATH = '/api/upTimeCheck/insurerUptimeCheck';
/** `GET /api/upTimeCheck/history`: staff only; the scheduled runs of the last 30 days. */
export const INSURER_UPTIME_HISTORY_PATH = '/api/upTimeCheck/history';

/** PASS, UNTESTABLE (no endpoint configured) or the failure's word. */
export type UptimeStatus = 'PASS' | 'UNTESTABLE' | 'FAIL' | 'TIMEOUT' | 'UNREACHABLE';

/** One insurer's check (part 2 §3). `endpoint` is the public FHIR base the check read, never a secret. */
export interface UptimeResult {
  insurer: string;
  endpoint: string;
  status: UptimeStatus;
  /** Milliseconds; null when nothing was requested. */
  responseTime: number | null;
  message: string;
}

export type UptimeTone = 'green' | 'grey' | 'red';
export const uptimeTone = (status: string): UptimeTone => (status === 'PASS' ? 'green' : status === 'UNTESTABLE' ? 'grey' : 'red');

/**
 * One UTC day of scheduled runs for one insurer (a segment of the staff page's uptime bar): 30 days of runs every
 * 5 minutes are 8,640 per insurer, too many to send. `checkedAt` is the day's start; `status` is PASS when every
 * testable run passed, UNTESTABLE when none was testable, else the day's last failure; `responseTime` the median.
 */
export interface UptimeSample {
  checkedAt: string;
  status: UptimeStatus;
  responseTime: number | null;
  /** Runs that day. */
  checks: number;
  /** Of them, runs that passed. */
  passed: number;
}

export interface UptimeHistoryEntry {
  insurer: string;
  /** Share of the samples that passed, 0..1; null with no testable samples. */
  uptime: number | null;
  samples: UptimeSample[];
}

export interface UptimeHistoryResponse {
  /** The window the history covers, in days (30). */
  days: number;
  intervalMinutes: number;
  insurers: UptimeHistoryEntry[];
}

export const UPTIME_INTERVAL_MINUTES = 5;
export const UPTIME_HISTORY_DAYS = 30;

export const UptimeTexts = {
  run: 'Run Uptime Check',
  running: 'Checking...',
  failed: 'Failed to fetch uptime check results.',
} as const;
