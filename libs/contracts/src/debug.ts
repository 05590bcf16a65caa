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
