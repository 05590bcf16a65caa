import { ApiError, toApiError } from '@healthlink/web-runtime';
import { failureText, isStaffOnlyError } from '../api-failure';

describe('failureText', () => {
  it('prefixes the server message with "Error: "', () => {
    expect(failureText(new ApiError(400, { code: 'DEBUG.QUERY_REFUSED', message: 'Only SELECT' }), 'Failed')).toBe('Error: Only SELECT');
  });

  it('falls back when the answer carried no message of ours', () => {
    expect(failureText(toApiError(502, '<html>'), 'Failed to execute query')).toBe('Failed to execute query');
    expect(failureText(new ApiError(500, { code: 'INTERNAL.UNEXPECTED', message: '' }), 'Failed')).toBe('Failed');
  });

  it('shows what a call that never reached the server threw', () => {
    expect(failureText(new ApiError(0, { code: 'NETWORK.UNREACHABLE', message: 'The server could not be reached.' }), 'Failed')).toBe(
      'The server could not be reached.',
    );
    expect(failureText(new TypeError('Load failed'), 'Failed')).toBe('Load failed');
    expect(failureText('???', 'Failed')).toBe('Failed');
  });
});

describe('isStaffOnlyError', () => {
  it('is a 403 AUTH.STAFF_ONLY only', () => {
    expect(isStaffOnlyError(new ApiError(403, { code: 'AUTH.STAFF_ONLY', message: 'x' }))).toBe(true);
    expect(isStaffOnlyError(new ApiError(403, { code: 'AUTH.FORBIDDEN', message: 'x' }))).toBe(false);
    expect(isStaffOnlyError(new ApiError(400, { code: 'AUTH.STAFF_ONLY', message: 'x' }))).toBe(false);
    expect(isStaffOnlyError(null)).toBe(false);
  });
});
