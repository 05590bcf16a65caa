import { SESSION_EVENT, TOKEN_KEY } from '../../session/session';
import { apiClient } from '../api-client';
import { ApiError, isServiceFailure, NETWORK_ERROR_CODE } from '../api-error';

const fetchMock = jest.fn();

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) } as Response;
}

describe('apiClient', () => {
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('sends JSON with the stored bearer token and returns the parsed body', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await expect(apiClient.post('/api/contact', { email: 'a@b.c' })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc.def.ghi', 'Content-Type': 'application/json' });
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await apiClient.get('/api/x');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
  });

  it('turns a { code, message } error body into a typed ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { code: 'AUTH.USER_EXISTS', message: 'User already exists', errors: [{ field: 'email', message: 'taken' }] }),
    );
    const error = await apiClient.post('/api/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'AUTH.USER_EXISTS', message: 'User already exists' });
    expect((error as ApiError).fieldErrors).toEqual([{ field: 'email', message: 'taken' }]);
  });

  it('maps a body that is not ours to a code by status, and a network failure to NETWORK.UNREACHABLE', async () => {
    fetchMock.mockResolvedValueOnce({ ok: false, status: 502, text: async () => '<html>Bad gateway</html>' } as Response);
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL.UNEXPECTED' });

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
  });

  it('lets an explicit Authorization header win over the stored token', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Password Updated' }));
    await apiClient.put('/api/updateUserPassword', { password: 'p' }, { headers: { Authorization: 'Bearer temp.token.y' } });
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer temp.token.y');
  });

  it('sends no session token on an anonymous call', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiClient.post('/api/login', {}, { anonymous: true });
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
  });

  it('ends the session when a call made with the session token answers 401', async () => {
    const listener = jest.fn();
    window.addEventListener(SESSION_EVENT, listener);
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'AUTH.UNAUTHORIZED', message: 'Unauthorized' }));

    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESSION_EVENT, listener);
  });

  it('keeps the session on a 401 to a call that carried another token, or none', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'AUTH.RESET_TOKEN_INVALID', message: 'Unauthorized' }));

    await expect(apiClient.put('/api/updateUserPassword', {}, { headers: { Authorization: 'Bearer temp' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiClient.post('/api/login', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session.token.x');
  });

  it('counts unreachable, 5xx and non-API errors as service failures, not 4xx answers', () => {
    expect(isServiceFailure(new ApiError(0, { code: NETWORK_ERROR_CODE, message: 'x' }))).toBe(true);
    expect(isServiceFailure(new ApiError(503, { code: 'INTERNAL.UNEXPECTED', message: 'x' }))).toBe(true);
    expect(isServiceFailure(new TypeError('boom'))).toBe(true);
    expect(isServiceFailure(new ApiError(400, { code: 'AUTH.VALIDATION', message: 'x' }))).toBe(false);
    expect(isServiceFailure(new ApiError(409, { code: 'AUTH.USER_EXISTS', message: 'x' }))).toBe(false);
  });
});
