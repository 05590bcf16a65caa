import { useEffect, useRef } from 'react';
import { AiErrorCode } from '@healthlink/contracts';
import { isApiError, reportFetchFailure, type ClientErrorType } from '@healthlink/web-runtime';
import type { FetchStatus, WidgetLoadState } from './widget-types';

/** What the dashboard's fetch tracking hears for each load state: no data is a success, not a failure. */
export const FETCH_STATUS_OF: Record<WidgetLoadState, FetchStatus> = {
  loading: 'pending',
  complete: 'success',
  missing: 'success',
  failed: 'failed',
};

/** The part of a TanStack query (plain or infinite) a widget's load state depends on. */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
}

/**
 * A query's load state (part 2 §4): rows already shown stay shown when a later refetch fails; with none, an error
 * is `failed`; data with no rows is `missing`.
 */
export function loadStateOf<T>(query: QueryLike<T>, isEmpty: (data: T) => boolean): WidgetLoadState {
  if (query.data !== undefined) return isEmpty(query.data) ? 'missing' : 'complete';
  return query.status === 'error' ? 'failed' : 'loading';
}

/** Calls `onStatus` each time the fetch status behind `state` changes (the first time included). */
export function useReportStatus(state: WidgetLoadState, onStatus: ((status: FetchStatus) => void) | undefined): void {
  const status = FETCH_STATUS_OF[state];
  const latest = useRef(onStatus);
  latest.current = onStatus;
  useEffect(() => {
    latest.current?.(status);
  }, [status]);
}

export interface FailureReport {
  types: { error: ClientErrorType; exception: ClientErrorType };
  /** The API path the widget read (its query string is never sent). */
  endpoint: string;
  insurerName?: string | null;
}

/** A failure the server has already written to the error log itself (the AI provider's, with its OPENAI_* type). */
const loggedByServer = (error: unknown): boolean => isApiError(error) && error.code === AiErrorCode.ProviderFailed;

/**
 * Sends each new failure of a widget's fetch to the error log once (part 2 §7), never the same error twice, and not
 * one the server logged already.
 */
export function useReportFailure(error: unknown, report: FailureReport): void {
  const reported = useRef<unknown>(null);
  const latest = useRef(report);
  latest.current = report;
  useEffect(() => {
    if (!error || reported.current === error || loggedByServer(error)) return;
    reported.current = error;
    const { types, endpoint, insurerName } = latest.current;
    void reportFetchFailure(types, error, endpoint, insurerName);
  }, [error]);
}

export interface WidgetLoadOptions<T> {
  isEmpty: (data: T) => boolean;
  onStatus?: (status: FetchStatus) => void;
  report: FailureReport;
}

/**
 * The usual widget wiring in one call: the load state of `query`, reported to the dashboard's fetch tracking
 * through `onStatus`, and its failure sent to the error log.
 */
export function useWidgetLoad<T>(
  query: QueryLike<T> & { error: unknown },
  { isEmpty, onStatus, report }: WidgetLoadOptions<T>,
): WidgetLoadState {
  const state = loadStateOf(query, isEmpty);
  useReportStatus(state, onStatus);
  useReportFailure(query.error, report);
  return state;
}
