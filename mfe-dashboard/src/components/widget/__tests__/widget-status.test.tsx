import { renderHook, waitFor } from '@testing-library/react';
import { ApiError, ClientErrorType } from '@healthlink/web-runtime';
import { callsTo, serveApi } from '@healthlink/test-support/api-server';
import { loadStateOf, useWidgetLoad, type QueryLike } from '../widget-status';
import type { FetchStatus } from '../widget-types';

const isEmpty = (rows: string[]) => rows.length === 0;
const report = {
  types: { error: ClientErrorType.RxHistoryFetchError, exception: ClientErrorType.RxHistoryFetchException },
  endpoint: '/api/userDrugs?limit=3',
};

describe('loadStateOf', () => {
  it.each<[QueryLike<string[]>, string]>([
    [{ status: 'pending', data: undefined }, 'loading'],
    [{ status: 'error', data: undefined }, 'failed'],
    [{ status: 'success', data: [] }, 'missing'],
    [{ status: 'success', data: ['a'] }, 'complete'],
    // A refetch that failed keeps the rows already shown.
    [{ status: 'error', data: ['a'] }, 'complete'],
  ])('%p is %p', (query, state) => {
    expect(loadStateOf(query, isEmpty)).toBe(state);
  });
});

describe('useWidgetLoad', () => {
  beforeEach(() => serveApi({ 'POST /api/errors/log': { status: 201, body: { id: 'e1' } } }));

  it('tells the dashboard pending, then success for rows or none, without repeating a status', () => {
    const onStatus = jest.fn<void, [FetchStatus]>();
    const { rerender } = renderHook(
      (query: QueryLike<string[]> & { error: unknown }) => useWidgetLoad(query, { isEmpty, onStatus, report }),
      {
        initialProps: { status: 'pending', data: undefined, error: null },
      },
    );
    rerender({ status: 'success', data: [], error: null });
    rerender({ status: 'success', data: ['a'], error: null });
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['pending', 'success']);
  });

  it('tells the dashboard failed and reports the failure once, with the path and no query string', async () => {
    const onStatus = jest.fn<void, [FetchStatus]>();
    const error = new ApiError(500, { code: 'COMMON.INTERNAL', message: 'Something went wrong' });
    const { result, rerender } = renderHook(
      (query: QueryLike<string[]> & { error: unknown }) => useWidgetLoad(query, { isEmpty, onStatus, report }),
      { initialProps: { status: 'error', data: undefined, error } },
    );
    expect(result.current).toBe('failed');
    rerender({ status: 'error', data: undefined, error });
    await waitFor(() => expect(callsTo('POST /api/errors/log')).toHaveLength(1));
    expect(callsTo('POST /api/errors/log')[0]?.body).toMatchObject({
      errorType: 'RX_HISTORY_FETCH_ERROR',
      host: 'frontend-prod/localhost',
      errorDetails: { endpoint: '/api/userDrugs', status: 500, code: 'COMMON.INTERNAL' },
    });
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['failed']);
  });
});
