/** A row for the `errors` table (spec part 2 §3). */
export interface ErrorRecord {
  errorType: string;
  userId?: string | null;
  insurerName?: string | null;
  host?: string | null;
  errorDetails?: unknown;
}

/**
 * Port for writing to the error log. The debug module provides it; lower modules (jobs, partners) depend on
 * this port, never on debug itself.
 */
export abstract class ErrorRecorder {
  abstract record(entry: ErrorRecord): Promise<string>;
}
