import { TOKEN_KEY } from '../../session/session';
import { apiClient } from '../api-client';
import { ApiError, NETWORK_ERROR_CODE } from '../api-error';

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
});
