/** A reply from the fake API: a status and JSON body, or a failure to reach the server at all. */
export type ApiReply = { status: number; body?: unknown } | 'network-error';
export interface ApiCall {
  body: unknown;
  headers: Record<string, string>;
}
export type ApiHandler = ApiReply | ((call: ApiCall) => ApiReply | Promise<ApiReply>);

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) } as Response;
}

/**
 * Replaces global fetch (the network seam) with handlers keyed "METHOD /path". An unknown call
 * answers 404 so a test notices it.
 */
export function mockApi(handlers: Record<string, ApiHandler>): jest.Mock {
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) return jsonResponse(404, { code: 'REQUEST.NOT_FOUND', message: `No mock for ${key}` });
    const call = { body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, headers: (init.headers ?? {}) as Record<string, string> };
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.status, reply.body);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls made to "METHOD /path", in order. */
export function callsTo(fetchMock: jest.Mock, key: string): ApiCall[] {
  return fetchMock.mock.calls
    .filter(([url, init]: [string, RequestInit | undefined]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]: [string, RequestInit]) => ({
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    }));
}

/** A reply the test releases when it wants, to look at the page while a request is in flight. */
export function deferredReply(): { handler: () => Promise<ApiReply>; release: (reply: ApiReply) => void } {
  let release: (reply: ApiReply) => void = () => undefined;
  const promise = new Promise<ApiReply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}
