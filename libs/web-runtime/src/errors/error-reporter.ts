import type { LogErrorRequest } from '@healthlink/contracts';
import { apiRequest } from '../api/api-client';
import { isApiError, type ApiError } from '../api/api-error';
import { decodeToken, getToken } from '../session/session';

export const ERROR_LOG_URL = '/api/errors/log';

/**
 * The error types the web reports (part 2 §8 names the plan-ranking, AI and drug-price ones; the data widgets'
 * follow the same pattern: `_ERROR` for an answer that is not OK, `_EXCEPTION` for anything thrown).
 */
export const ClientErrorType = {
  PlanRanksFetchError: 'PLAN_RANKS_FETCH_ERROR',
  PlanRanksFetchException: 'PLAN_RANKS_FETCH_EXCEPTION',
  OpenAiFetchError: 'OPENAI_FETCH_ERROR',
  OpenAiFetchException: 'OPENAI_FETCH_EXCEPTION',
  OpenAiChatError: 'OPENAI_CHAT_ERROR',
  OpenAiChatException: 'OPENAI_CHAT_EXCEPTION',
  OpenAiDashboardItemError: 'OPENAI_DASHBOARD_ITEM_ERROR',
  OpenAiDashboardItemException: 'OPENAI_DASHBOARD_ITEM_EXCEPTION',
  OpenAiMedicalCodeError: 'OPENAI_MEDICAL_CODE_ERROR',
  OpenAiMedicalCodeException: 'OPENAI_MEDICAL_CODE_EXCEPTION',
  DrugPriceInvalid: 'DRUG_PRICE_INVALID',
  RxHistoryFetchError: 'RX_HISTORY_FETCH_ERROR',
  RxHistoryFetchException: 'RX_HISTORY_FETCH_EXCEPTION',
  RxInteractionsFetchError: 'RX_INTERACTIONS_FETCH_ERROR',
  RxInteractionsFetchException: 'RX_INTERACTIONS_FETCH_EXCEPTION',
  HealthHistoryFetchError: 'HEALTH_HISTORY_FETCH_ERROR',
  HealthHistoryFetchException: 'HEALTH_HISTORY_FETCH_EXCEPTION',
  ClinicalTrialsFetchError: 'CLINICAL_TRIALS_FETCH_ERROR',
  ClinicalTrialsFetchException: 'CLINICAL_TRIALS_FETCH_EXCEPTION',
  MedicalTipsFetchError: 'MEDICAL_TIPS_FETCH_ERROR',
  MedicalTipsFetchException: 'MEDICAL_TIPS_FETCH_EXCEPTION',
  CurrentPlanFetchError: 'CURRENT_PLAN_FETCH_ERROR',
  CurrentPlanFetchException: 'CURRENT_PLAN_FETCH_EXCEPTION',
  SpendingFetchError: 'SPENDING_FETCH_ERROR',
  SpendingFetchException: 'SPENDING_FETCH_EXCEPTION',
} as const;
export type ClientErrorType = (typeof ClientErrorType)[keyof typeof ClientErrorType];

/** The `host` of every entry the web sends (part 2 §8). */
export function clientHost(hostname: string = window.location.hostname): string {
  return `frontend-prod/${hostname}`;
}

// A stack is for finding the line, not a diary: the first frames are enough.
const STACK_LINES = 8;
const MESSAGE_MAX_LENGTH = 500;

/** The path of an endpoint without its query string: a search or an id typed by the member never leaves. */
function pathOnly(endpoint: string): string {
  return endpoint.split(/[?#]/)[0] ?? endpoint;
}

export interface ErrorDetails {
  endpoint?: string;
  /** An answer that was not OK: its status and the API's stable code. */
  status?: number;
  code?: string;
  /** Anything thrown: its name, message and the top of its stack. */
  name?: string;
  message?: string;
  stack?: string;
}

/**
 * What an entry says about a failure: for an API error the status, stable code and message (the API's messages
 * are fixed texts, never the member's data); for anything else the name, message and the top of the stack. No
 * request or response bodies, no headers, no query strings.
 */
export function errorDetailsOf(error: unknown, endpoint?: string): ErrorDetails {
  const details: ErrorDetails = endpoint ? { endpoint: pathOnly(endpoint) } : {};
  if (isApiError(error)) return { ...details, status: error.status, code: error.code, message: error.message.slice(0, MESSAGE_MAX_LENGTH) };
  if (error instanceof Error) {
    return {
      ...details,
      name: error.name,
      message: error.message.slice(0, MESSAGE_MAX_LENGTH),
      ...(error.stack ? { stack: error.stack.split('\n').slice(0, STACK_LINES).join('\n') } : {}),
    };
  }
  return { ...details, message: String(error).slice(0, MESSAGE_MAX_LENGTH) };
}

/** `_ERROR` when the API answered with a failure, `_EXCEPTION` when something was thrown before or after. */
export function isAnswerError(error: unknown): error is ApiError {
  return isApiError(error) && error.status !== 0;
}

function currentUserId(): string | null {
  const token = getToken();
  if (!token) return null;
  try {
    const { sub } = decodeToken(token);
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

export interface ClientErrorReport {
  errorType: ClientErrorType;
  /** The insurer or partner the failure concerns, when there is one (the plan-ranking provider, an insurer key). */
  insurerName?: string | null;
  errorDetails?: ErrorDetails;
}

/**
 * The one error reporter of the web (part 2 §7, §8): POST /api/errors/log with userId, insurerName, host
 * "frontend-prod/{hostname}", errorType and errorDetails. Never rejects: a failure to report is written to the
 * console only (its type and status, nothing more), so a broken log can never break a screen.
 */
export async function reportClientError(report: ClientErrorReport): Promise<void> {
  const body: LogErrorRequest = {
    userId: currentUserId(),
    insurerName: report.insurerName ?? null,
    host: clientHost(),
    errorType: report.errorType,
    errorDetails: report.errorDetails ?? {},
  };
  try {
    await apiRequest<unknown>(ERROR_LOG_URL, { method: 'POST', body, keepalive: true });
  } catch (failure) {
    const why = isAnswerError(failure) ? `status ${failure.status}` : 'no answer';
    console.warn(`Could not report ${report.errorType} (${why})`);
  }
}

/** Reports a failed fetch as `errorType` (status and code for an answer, name, message and stack for a throw). */
export function reportFetchFailure(
  types: { error: ClientErrorType; exception: ClientErrorType },
  error: unknown,
  endpoint: string,
  insurerName?: string | null,
): Promise<void> {
  return reportClientError({
    errorType: isAnswerError(error) ? types.error : types.exception,
    insurerName,
    errorDetails: errorDetailsOf(error, endpoint),
  });
}
