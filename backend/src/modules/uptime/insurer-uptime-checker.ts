import type { UptimeResult, UptimeStatus } from '@healthlink/contracts';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { getDomain } from 'tldts';
import { isInternalHost, isInternalIPv4, isInternalIPv6, publicEndpoint } from './public-endpoint';

/** What one insurer's check reads; nothing of it but the public form of the FHIR base reaches the answer. */
export interface UptimeTarget {
  /** The catalogue id (`uhc`, `molina`): the history's key. */
  id: string;
  /** The insurer's name as the catalogue shows it. */
  name: string;
  /** The configured FHIR base, exactly as configured; null when none is (an insurer we cannot link yet). */
  fhirBaseUrl: string | null;
  /** The configured token endpoint; '' when the insurer publishes it by SMART discovery; null when there is none. */
  tokenUrl: string | null;
}

export interface UptimeCheckOptions {
  /** One insurer's whole check (metadata, discovery, token endpoint) ends by then. */
  timeoutMs: number;
  /** Redirects followed on the same host (default 3). */
  maxRedirects?: number;
  /** The largest CapabilityStatement or SMART configuration read (default 5 MB). */
  maxBodyBytes?: number;
  now?: () => number;
  /** The addresses a host name resolves to (default: the system resolver). */
  resolve?: ResolveHost;
}

export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface CheckedInsurer {
  id: string;
  result: UptimeResult;
}

type FailureStatus = Exclude<UptimeStatus, 'PASS' | 'UNTESTABLE'>;
type Probe<T> = { ok: true; value: T } | { ok: false; status: FailureStatus; message: string };

const DEFAULT_MAX_REDIRECTS = 3;
const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
const NOT_CONFIGURED = 'No endpoint configured';
// A FHIR resource type or a version: the only words of a partner's answer the message repeats.
const RESOURCE_TYPE = /^[A-Z][A-Za-z]{0,63}$/;
const FHIR_VERSION = /^\d{1,2}\.\d{1,2}\.\d{1,2}$/;

const ok = <T>(value: T): Probe<T> => ({ ok: true, value });
const fail = (message: string, status: FailureStatus = 'FAIL'): Probe<never> => ({ ok: false, status, message });

/**
 * One insurer's uptime: `GET {fhirBase}/metadata` must answer a CapabilityStatement, and the token endpoint (the
 * configured one, else the one SMART discovery names) must answer anything at all over HTTP. Both run at once under
 * one deadline. A discovered token endpoint off the FHIR server's domain, or on our network, is not fetched: the
 * answer says it is not checkable, and the status is the metadata's. Never throws; a message is the checker's own
 * short words, never a partner's body or a host.
 */
export async function checkInsurer(target: UptimeTarget, options: UptimeCheckOptions): Promise<CheckedInsurer> {
  const result = (status: UptimeStatus, responseTime: number | null, message: string): CheckedInsurer => ({
    id: target.id,
    result: { insurer: target.name, endpoint: publicEndpoint(target.fhirBaseUrl), status, responseTime, message },
  });
  if (!target.fhirBaseUrl) return result('UNTESTABLE', null, NOT_CONFIGURED);
  const opts = {
    maxRedirects: DEFAULT_MAX_REDIRECTS,
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    now: () => performance.now(),
    resolve: resolveHost,
    ...options,
  };
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const started = opts.now();
  try {
    const [metadata, token] = await Promise.all([
      checkMetadata(target.fhirBaseUrl, signal, opts).then((probe) => ({ probe, ms: Math.max(0, Math.round(opts.now() - started)) })),
      checkTokenEndpoint(target, signal, opts),
    ]);
    if (!metadata.probe.ok) return result(metadata.probe.status, metadata.ms, metadata.probe.message);
    if (!token.ok) return result(token.status, metadata.ms, `token endpoint: ${token.message}`);
    const { fhirVersion, redirects } = metadata.probe.value;
    const parts = [`CapabilityStatement${fhirVersion ? ` (FHIR ${fhirVersion})` : ''}`, token.value];
    // Works, but every call pays the redirect: the configured base should be the final URL.
    if (redirects) parts.push(`after ${redirects} redirect${redirects === 1 ? '' : 's'}`);
    return result('PASS', metadata.ms, parts.join(', '));
  } catch {
    // Not expected (every probe answers a failure instead of throwing); never a 500 for the page.
    return result('FAIL', Math.max(0, Math.round(opts.now() - started)), 'check failed');
  }
}

type Opts = Required<UptimeCheckOptions>;

async function checkMetadata(
  base: string,
  signal: AbortSignal,
  opts: Opts,
): Promise<Probe<{ fhirVersion: string | null; redirects: number }>> {
  // `{base}/metadata` whether or not the configured base ends in `/`, never `//metadata`.
  const answer = await get(new URL('metadata', base.endsWith('/') ? base : `${base}/`), 'application/fhir+json', signal, opts);
  if (!answer.ok) return answer;
  const { response, redirects } = answer.value;
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return fail(`HTTP ${response.status}`);
  }
  const body = await readJson(response, signal, opts);
  if (!body.ok) return body;
  const resource = body.value as Record<string, unknown> | null;
  const type = resource && typeof resource === 'object' ? resource.resourceType : undefined;
  if (type !== 'CapabilityStatement') {
    return fail(`not a CapabilityStatement${typeof type === 'string' && RESOURCE_TYPE.test(type) ? ` (${type})` : ''}`);
  }
  const version = resource?.fhirVersion;
  return ok({ fhirVersion: typeof version === 'string' && FHIR_VERSION.test(version) ? version : null, redirects });
}

/** The token endpoint's part of the message when it answered, is not configured, or is one we may not fetch. */
async function checkTokenEndpoint(target: UptimeTarget, signal: AbortSignal, opts: Opts): Promise<Probe<string>> {
  const tokenUrl = target.tokenUrl;
  if (tokenUrl === null) return ok('no token endpoint configured');
  let url: URL;
  if (tokenUrl === '') {
    const discovered = await discoverTokenEndpoint(target.fhirBaseUrl as string, signal, opts);
    if (!discovered.ok) return discovered;
    try {
      url = new URL(discovered.value);
    } catch {
      return fail('SMART configuration names no token endpoint');
    }
    // The partner's document, not our configuration, names this URL: anyone may run the check and read whether it
    // answered, so it is fetched only where the FHIR server itself lives (never a port scan of our own network).
    const base = new URL(target.fhirBaseUrl as string);
    const refusal = await discoveredEndpointRefusal(url, base, signal, opts.resolve);
    if (refusal) return ok(`token endpoint not checkable (${refusal})`);
    if (!isInternalHost(base.hostname)) {
      // The name could resolve elsewhere by the time we connect (DNS rebinding): the connection itself goes only to
      // addresses checked as it is made.
      try {
        await reachPublicOnly(url, signal, opts.resolve);
        return ok('token endpoint reachable');
      } catch (error) {
        if (error instanceof InternalAddressError) return ok('token endpoint not checkable (internal host)');
        return networkFailure(error, opts.timeoutMs);
      }
    }
  } else {
    try {
      url = new URL(tokenUrl);
    } catch {
      return fail('not a valid URL');
    }
  }
  // Reachability only: no credentials are sent, and any HTTP answer (a 405 to GET, a redirect) counts.
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal });
    await response.body?.cancel().catch(() => undefined);
    return ok('token endpoint reachable');
  } catch (error) {
    return networkFailure(error, opts.timeoutMs);
  }
}

/** A connection refused because its host name resolved to one of our own network's addresses. */
export class InternalAddressError extends Error {
  constructor() {
    super('the host resolves to an internal address');
    this.name = 'InternalAddressError';
  }
}

/**
 * A socket lookup that answers the addresses `resolve` finds, unless any of them is internal: the connection is made
 * to exactly the addresses checked, so no second lookup can rebind the name to our network.
 */
export function publicOnlyLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter((address) => !options.family || isIP(address) === options.family);
        if (!usable.length) {
          callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
        } else if (addresses.some(isInternalAddress)) {
          callback(new InternalAddressError(), '', 0);
        } else if (options.all) {
          callback(
            null,
            usable.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          callback(null, usable[0]!, isIP(usable[0]!));
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * Reachability of `url` (any HTTP answer counts; no credentials, the body unread), connecting only to public
 * addresses (publicOnlyLookup). Rejects as fetch does: a network failure with its code as `cause`, an abort as is.
 */
export function reachPublicOnly(url: URL, signal: AbortSignal, resolve: ResolveHost = resolveHost): Promise<void> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, reject) => {
    const req = request(url, { headers: { accept: 'application/json' }, signal, lookup: publicOnlyLookup(resolve) }, (response) => {
      response.destroy();
      done();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof InternalAddressError || error.name === 'AbortError') reject(error);
      else reject(Object.assign(new Error('request failed'), { cause: error }));
    });
    req.end();
  });
}

async function resolveHost(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

const isInternalAddress = (address: string) => (isIP(address) === 6 ? isInternalIPv6(address) : isInternalIPv4(address));

/**
 * Why a token endpoint that SMART discovery named may not be fetched, or null when it may: it must be https (or the
 * FHIR base's own scheme when that base is on our network, as the sandbox is), without user info, on the FHIR base's
 * host or registrable domain, and neither named nor resolving as an internal host unless the base itself is one.
 * A name that does not resolve is left to the fetch, which reports it as "host not found".
 */
export async function discoveredEndpointRefusal(
  endpoint: URL,
  base: URL,
  signal: AbortSignal,
  resolve: ResolveHost = resolveHost,
): Promise<string | null> {
  const internalBase = isInternalHost(base.hostname);
  if (endpoint.protocol !== 'https:' && !(internalBase && endpoint.protocol === base.protocol)) return 'not https';
  if (endpoint.username || endpoint.password) return 'user info in the URL';
  const domain = (host: string) => getDomain(host, { allowPrivateDomains: true });
  const sameDomain = domain(endpoint.hostname) !== null && domain(endpoint.hostname) === domain(base.hostname);
  if (endpoint.hostname !== base.hostname && !sameDomain) return 'another domain';
  if (internalBase) return null;
  if (isInternalHost(endpoint.hostname)) return 'internal host';
  let addresses: string[];
  try {
    addresses = await abortable(resolve(endpoint.hostname.replace(/^\[|\]$/g, '')), signal);
  } catch {
    return null;
  }
  return addresses.some(isInternalAddress) ? 'internal host' : null;
}

/** `promise`, or a rejection as soon as `signal` aborts (a DNS lookup cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function discoverTokenEndpoint(base: string, signal: AbortSignal, opts: Opts): Promise<Probe<string>> {
  const url = new URL('.well-known/smart-configuration', base.endsWith('/') ? base : `${base}/`);
  const answer = await get(url, 'application/json', signal, opts);
  if (!answer.ok) return { ...answer, message: `SMART configuration: ${answer.message}` };
  const { response } = answer.value;
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return fail(`SMART configuration: HTTP ${response.status}`);
  }
  const body = await readJson(response, signal, opts);
  if (!body.ok) return { ...body, message: `SMART configuration: ${body.message}` };
  const endpoint = (body.value as Record<string, unknown> | null)?.token_endpoint;
  if (typeof endpoint !== 'string' || !/^https?:\/\/\S+$/.test(endpoint)) return fail('SMART configuration names no token endpoint');
  return ok(endpoint);
}

/** A GET that follows at most `maxRedirects` redirects on the same host (http to https allowed, never back). */
async function get(first: URL, accept: string, signal: AbortSignal, opts: Opts): Promise<Probe<{ response: Response; redirects: number }>> {
  let url = first;
  for (let redirects = 0; ; redirects++) {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept }, redirect: 'manual', signal });
    } catch (error) {
      return networkFailure(error, opts.timeoutMs);
    }
    if (response.status < 300 || response.status >= 400 || response.status === 304) return ok({ response, redirects });
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (!location) return fail(`HTTP ${response.status} without a Location`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return fail(`HTTP ${response.status} to an invalid URL`);
    }
    const upgrade = url.protocol === 'http:' && next.protocol === 'https:';
    if (next.hostname !== url.hostname || (next.protocol !== url.protocol && !upgrade)) {
      return fail(`HTTP ${response.status} to another host, not followed`);
    }
    if (redirects >= opts.maxRedirects) return fail(`more than ${opts.maxRedirects} redirects`);
    url = next;
  }
}

/** The body as JSON, read to at most `maxBodyBytes`. */
async function readJson(response: Response, signal: AbortSignal, opts: Opts): Promise<Probe<unknown>> {
  const limit = opts.maxBodyBytes;
  const tooLarge = fail(`the answer is larger than ${Math.round(limit / 1024 / 1024)} MB`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return tooLarge;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = response.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch (error) {
    return networkFailure(signal.aborted ? signal.reason : error, opts.timeoutMs);
  }
  try {
    return ok(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
  } catch {
    return fail('the answer is not JSON');
  }
}

const CONNECTION_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  UND_ERR_SOCKET: 'connection closed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/** The failure's short name: the error's own text may name hosts and addresses, so it is never repeated. */
function networkFailure(error: unknown, timeoutMs: number): Probe<never> {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return fail(`timed out after ${timeoutMs} ms`, 'TIMEOUT');
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return fail('connection timed out', 'TIMEOUT');
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return fail('TLS certificate not accepted');
  return fail(CONNECTION_FAILURES[code] ?? 'connection failed', 'UNREACHABLE');
}
