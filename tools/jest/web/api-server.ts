import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A reply from the fake API: a status and JSON body, or a failure to reach the server at all. */
export type ApiReply = { status: number; body?: unknown } | 'network-error';
/** One request the page made, as the server saw it (header names lower-cased). */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
export type ApiHandler = ApiReply | ((call: ApiCall) => ApiReply | Promise<ApiReply>);

const calls: ApiCall[] = [];
const recordedCalls = new Map<string, Promise<ApiCall>>();

// Recorded when fetch() is called (msw emits request:start synchronously), so "nothing was sent" holds at once;
// the body is read before any handler answers, so it is known by the time the page sees a reply.
function record({ request, requestId }: { request: Request; requestId: string }): void {
  const call: ApiCall = {
    method: request.method,
    path: new URL(request.url).pathname,
    body: undefined,
    headers: Object.fromEntries(request.headers.entries()),
  };
  calls.push(call);
  const withBody = request
    .clone()
    .text()
    .then((text) => Object.assign(call, { body: text ? JSON.parse(text) : undefined }));
  recordedCalls.set(requestId, withBody);
}

const recorded = (requestId: string): Promise<ApiCall> => recordedCalls.get(requestId) as Promise<ApiCall>;

function toResponse(reply: ApiReply): Response {
  if (reply === 'network-error') return HttpResponse.error();
  const { status, body } = reply;
  return body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/** A handler answering `method path` with what `handler` gives (a fixed reply, or one computed from the call). */
export function reply(method: Method, path: string, handler: ApiHandler): HttpHandler {
  return METHODS[method](path, async ({ requestId }) => {
    const call = await recorded(requestId);
    return toResponse(typeof handler === 'function' ? await handler(call) : handler);
  });
}

/** A handler answering `method path` with `body` as JSON (no body when undefined) and `status`. */
export function respond(method: Method, path: string, body?: unknown, status = 200): HttpHandler {
  return reply(method, path, { status, body });
}

/** Handlers from a table keyed "METHOD /path". */
export function routes(table: Record<string, ApiHandler>): HttpHandler[] {
  return Object.entries(table).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [Method, string];
    return reply(method, path, handler);
  });
}

// A call no test expects answers 404, so the test notices it.
const notFound = http.all('*', async ({ requestId }) => {
  const call = await recorded(requestId);
  return HttpResponse.json({ code: 'REQUEST.NOT_FOUND', message: `No handler for ${call.method} ${call.path}` }, { status: 404 });
});

export const server = setupServer(notFound);
server.events.on('request:start', record);

/** Answers the calls in `table` ("METHOD /path" keys) until the test ends. */
export function serveApi(table: Record<string, ApiHandler> = {}): void {
  server.use(...routes(table));
}

/** Every call the page made in this test, in order. */
export function allCalls(): ApiCall[] {
  return [...calls];
}

/** The calls made to "METHOD /path", in order. */
export function callsTo(key: string): ApiCall[] {
  return calls.filter((call) => `${call.method} ${call.path}` === key);
}

export function resetApiCalls(): void {
  calls.length = 0;
  recordedCalls.clear();
}

/** A reply the test releases when it wants, to look at the page while a request is in flight. */
export function deferredReply(): { handler: () => Promise<ApiReply>; release: (reply: ApiReply) => void } {
  let release: (reply: ApiReply) => void = () => undefined;
  const promise = new Promise<ApiReply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

/** One entry a page sent to POST /api/errors/log (the web's reports always carry their details as an object). */
export interface LoggedError {
  errorType: string;
  host?: string | null;
  userId?: string | null;
  insurerName?: string | null;
  errorDetails: Record<string, unknown>;
}

/** POST /api/errors/log accepted (201) until the test ends; the entries the page sent, in order. */
export function serveErrorLog(): LoggedError[] {
  const entries: LoggedError[] = [];
  server.use(
    http.post('/api/errors/log', async ({ request }) => {
      entries.push((await request.json()) as LoggedError);
      return HttpResponse.json({ id: `log-${entries.length}` }, { status: 201 });
    }),
  );
  return entries;
}
