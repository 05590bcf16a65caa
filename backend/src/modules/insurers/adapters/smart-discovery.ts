import { INSURER_NAMES, type InsurerKey } from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { InsurerEndpoints } from '../../../config/insurers-config';
import { PartnerPermanentError, PartnerTransientError } from '../insurers.errors';
import { fhirUrl } from './fhir.client';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post';

/** What a FHIR server publishes of its authorization server: SMART App Launch 2 §2.6, or its CapabilityStatement. */
export interface SmartConfiguration {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint: string | null;
  authMethod: ClientAuthMethod;
  /** null when the server did not say (the CapabilityStatement never does). */
  scopesSupported: string[] | null;
  source: 'smart-configuration' | 'metadata';
}

/** The endpoints one OAuth call uses: the configured ones, completed by discovery where configuration asks for it. */
export interface ResolvedEndpoints extends InsurerEndpoints {
  authMethod: ClientAuthMethod;
  scopesSupported: string[] | null;
  discovered: boolean;
}

/** Discovery could not be completed (unreachable, an error status, no usable document): a later try may work. */
export class DiscoveryUnavailableError extends PartnerTransientError {
  constructor(
    message: string,
    status: number | null,
    host: string,
    readonly fhirBaseUrl: string,
  ) {
    super(message, status, host);
  }
}

/** The server's published configuration cannot be used safely (no PKCE S256, no client-secret authentication). */
export class DiscoveryRefusedError extends PartnerPermanentError {
  constructor(
    message: string,
    host: string,
    readonly fhirBaseUrl: string,
  ) {
    super(message, 200, host);
  }
}

export type DiscoveryError = DiscoveryUnavailableError | DiscoveryRefusedError;
export const isDiscoveryError = (error: unknown): error is DiscoveryError =>
  error instanceof DiscoveryUnavailableError || error instanceof DiscoveryRefusedError;

export interface SmartDiscoveryOptions {
  /** How long a discovered configuration is used before it is read again. */
  ttlMs?: number;
  /** How long a server that could not be read is left alone when discovery is only a hint (see advertisedScopes). */
  retryHintAfterMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';
const MAX_REDIRECTS = 3;
const MAX_BODY_CHARS = 1_000_000;

type Json = Record<string, unknown>;
type Fetched = { ok: true; body: unknown } | { ok: false; status: number | null; reason: string };
type Parsed = { ok: true; config: SmartConfiguration } | { ok: false; refused: boolean; reason: string };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;

/**
 * An endpoint the document names: an absolute URL, https unless the FHIR base itself is plain http (the local
 * sandbox); a server must not downgrade its own sign-in.
 */
function endpointUrl(value: unknown, base: URL): string | null {
  if (typeof value !== 'string' || !value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = base.protocol === 'http:' ? ['http:', 'https:'] : ['https:'];
  return allowed.includes(url.protocol) && !url.username && !url.password && !url.hash ? value : null;
}

/** RFC 8414 §2: without the list, client_secret_basic is the default. */
function authMethodOf(supported: string[] | null): ClientAuthMethod | null {
  if (supported === null || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : null;
}

function fromSmartConfiguration(body: unknown, base: URL): Parsed {
  if (!isObject(body)) return { ok: false, refused: false, reason: 'is not a JSON object' };
  const authorizationEndpoint = endpointUrl(body.authorization_endpoint, base);
  const tokenEndpoint = endpointUrl(body.token_endpoint, base);
  if (!authorizationEndpoint || !tokenEndpoint) {
    return { ok: false, refused: false, reason: 'names no usable authorization_endpoint and token_endpoint' };
  }
  // SMART App Launch 2 requires PKCE S256; a server that lists its methods without it cannot be used safely.
  const challengeMethods = stringsOf(body.code_challenge_methods_supported);
  if (challengeMethods && !challengeMethods.includes('S256')) {
    return {
      ok: false,
      refused: true,
      reason: `does not offer PKCE S256 (code_challenge_methods_supported: ${challengeMethods.join(', ')})`,
    };
  }
  const authMethods = stringsOf(body.token_endpoint_auth_methods_supported);
  const authMethod = authMethodOf(authMethods);
  if (!authMethod) {
    return {
      ok: false,
      refused: true,
      reason: `offers neither client_secret_basic nor client_secret_post (token_endpoint_auth_methods_supported: ${authMethods?.join(', ')})`,
    };
  }
  return {
    ok: true,
    config: {
      authorizationEndpoint,
      tokenEndpoint,
      revocationEndpoint: endpointUrl(body.revocation_endpoint, base),
      authMethod,
      scopesSupported: stringsOf(body.scopes_supported),
      source: 'smart-configuration',
    },
  };
}

/** The CapabilityStatement's `rest.security` oauth-uris extension (SMART App Launch 1, still widely served). */
function fromCapabilityStatement(body: unknown, base: URL): Parsed {
  if (!isObject(body) || body.resourceType !== 'CapabilityStatement') {
    return { ok: false, refused: false, reason: 'is not a CapabilityStatement' };
  }
  const rests = Array.isArray(body.rest) ? body.rest.filter(isObject) : [];
  for (const rest of rests) {
    const security = isObject(rest.security) ? rest.security : {};
    const extensions = Array.isArray(security.extension) ? security.extension.filter(isObject) : [];
    const oauth = extensions.find((e) => e.url === OAUTH_URIS);
    if (!oauth) continue;
    const uris = Array.isArray(oauth.extension) ? oauth.extension.filter(isObject) : [];
    const uri = (name: string) => endpointUrl(uris.find((e) => e.url === name)?.valueUri, base);
    const authorizationEndpoint = uri('authorize');
    const tokenEndpoint = uri('token');
    if (!authorizationEndpoint || !tokenEndpoint) break;
    const config: SmartConfiguration = {
      authorizationEndpoint,
      tokenEndpoint,
      revocationEndpoint: uri('revoke'),
      authMethod: 'client_secret_basic',
      scopesSupported: null,
      source: 'metadata',
    };
    return { ok: true, config };
  }
  return { ok: false, refused: false, reason: 'has no oauth-uris extension with authorize and token URIs' };
}

/**
 * GET of a JSON document. Redirects are followed only on the URL's own origin (at most three): the document
 * decides where members sign in, so it must come from the configured server.
 */
async function getJson(url: string, accept: string, timeoutMs: number): Promise<Fetched> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(current, { headers: { accept }, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : `unreachable (${(error as Error).message})`;
      return { ok: false, status: null, reason };
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      const next = location ? new URL(location, current) : null;
      if (!next) return { ok: false, status: response.status, reason: `answered ${response.status} without a Location` };
      if (next.origin !== origin) {
        return { ok: false, status: response.status, reason: `redirects to another origin (${next.host}): not followed` };
      }
      if (hop >= MAX_REDIRECTS) return { ok: false, status: response.status, reason: 'redirects too many times' };
      current = next.toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, status: response.status, reason: `answered ${response.status}` };
    }
    const text = await response.text();
    if (text.length > MAX_BODY_CHARS) return { ok: false, status: response.status, reason: 'answered a document too large to be one' };
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch {
      return { ok: false, status: response.status, reason: 'answered something that is not JSON' };
    }
  }
}

/**
 * SMART App Launch discovery: an insurer's authorize, token and revocation endpoints, client authentication and
 * scopes, read from `{FHIR base}/.well-known/smart-configuration`, or from the CapabilityStatement at
 * `{FHIR base}/metadata` when that fails. Kept per FHIR base for an hour; a failed call on discovered endpoints
 * drops the entry (`invalidate`), so the next one reads the server again. Nothing a second process needs: each
 * process discovers for itself.
 */
export class SmartDiscovery {
  private readonly logger = new Logger(SmartDiscovery.name);
  private readonly cache = new Map<string, { config: SmartConfiguration; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<SmartConfiguration>>();
  private readonly hintUnavailableUntil = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly retryHintAfterMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(options: SmartDiscoveryOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.retryHintAfterMs = options.retryHintAfterMs ?? 5 * 60 * 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The endpoints to use for an insurer: as configured, or, where configuration asks for discovery, the
   * configured ones completed by what its FHIR server publishes (a configured URL always wins).
   */
  async resolve(endpoints: InsurerEndpoints): Promise<ResolvedEndpoints> {
    if (!endpoints.discovery) return { ...endpoints, authMethod: 'client_secret_basic', scopesSupported: null, discovered: false };
    const found = await this.discover(endpoints.fhirBaseUrl, endpoints.discovery.insurer);
    return {
      ...endpoints,
      authorizeUrl: endpoints.authorizeUrl || found.authorizationEndpoint,
      tokenUrl: endpoints.tokenUrl || found.tokenEndpoint,
      revocationUrl: endpoints.revocationUrl || (endpoints.discovery.revocation ? (found.revocationEndpoint ?? '') : ''),
      authMethod: found.authMethod,
      scopesSupported: found.scopesSupported,
      discovered: true,
    };
  }

  /**
   * The scopes the FHIR server lists, for an insurer whose endpoints are all configured: a hint for the scope
   * syntax (SMART v1 or v2) and for `openid fhirUser`, never a source of endpoints. null when it lists none or
   * cannot be read (then it is left alone for a few minutes, and v1 scopes are asked, which most servers take).
   */
  async advertisedScopes(fhirBaseUrl: string, insurer: InsurerKey): Promise<string[] | null> {
    if ((this.hintUnavailableUntil.get(fhirBaseUrl) ?? 0) > this.now()) return null;
    try {
      return (await this.discover(fhirBaseUrl, insurer, false)).scopesSupported;
    } catch {
      this.hintUnavailableUntil.set(fhirBaseUrl, this.now() + this.retryHintAfterMs);
      return null;
    }
  }

  /** The server's SMART configuration; `required` false when its failure is only worth an info line. */
  async discover(fhirBaseUrl: string, insurer: InsurerKey, required = true): Promise<SmartConfiguration> {
    const cached = this.cache.get(fhirBaseUrl);
    if (cached && cached.expiresAt > this.now()) return cached.config;
    // Concurrent callers share one read.
    let pending = this.loading.get(fhirBaseUrl);
    if (!pending) {
      pending = this.load(fhirBaseUrl, insurer, required).finally(() => this.loading.delete(fhirBaseUrl));
      this.loading.set(fhirBaseUrl, pending);
    }
    return pending;
  }

  /** Forgets what was discovered for this FHIR base: the next call reads the server again. */
  invalidate(fhirBaseUrl: string): void {
    this.cache.delete(fhirBaseUrl);
  }

  private async load(fhirBaseUrl: string, insurer: InsurerKey, required: boolean): Promise<SmartConfiguration> {
    const base = new URL(fhirBaseUrl);
    const wellKnown = fhirUrl(fhirBaseUrl, '.well-known/smart-configuration');
    const metadata = fhirUrl(fhirBaseUrl, 'metadata');
    const attempts: { url: string; status: number | null; reason: string }[] = [];
    for (const [url, accept, parse] of [
      [wellKnown, 'application/json', fromSmartConfiguration],
      [metadata, 'application/fhir+json, application/json', fromCapabilityStatement],
    ] as const) {
      const fetched = await getJson(url, accept, this.timeoutMs);
      const parsed: Parsed = fetched.ok ? parse(fetched.body, base) : { ok: false, refused: false, reason: fetched.reason };
      if (parsed.ok) {
        this.cache.set(fhirBaseUrl, { config: parsed.config, expiresAt: this.now() + this.ttlMs });
        if (attempts.length) {
          const failure = attempts.map((a) => `${a.url} ${a.reason}`).join('; ');
          this.logger.log({ insurer, step: 'DISCOVERY', url, failure }, 'SMART endpoints read from the CapabilityStatement instead');
        }
        return parsed.config;
      }
      const status = fetched.ok ? 200 : fetched.status;
      if (parsed.refused) {
        this.report(
          required,
          { insurer, step: 'DISCOVERY', url, host: base.host, status, failure: parsed.reason },
          this.line(insurer, url, parsed.reason),
        );
        throw new DiscoveryRefusedError(`SMART configuration at ${url} ${parsed.reason}`, base.host, fhirBaseUrl);
      }
      attempts.push({ url, status, reason: parsed.reason });
    }
    const failure = attempts.map((a) => `${a.url} ${a.reason}`).join('; ');
    const status = attempts[0]?.status ?? null;
    this.report(
      required,
      { insurer, step: 'DISCOVERY', url: wellKnown, host: base.host, status, failure },
      this.line(insurer, fhirBaseUrl, failure),
    );
    throw new DiscoveryUnavailableError(`SMART discovery failed: ${failure}`, status, base.host, fhirBaseUrl);
  }

  // The operator's line: a warning when linking depends on it, information when it was only a hint.
  private report(required: boolean, context: Record<string, unknown>, message: string): void {
    if (required) this.logger.warn(context, message);
    else this.logger.log(context, `${message} (the configured endpoints are used)`);
  }

  private line(insurer: InsurerKey, url: string, failure: string): string {
    return `SMART discovery failed for ${INSURER_NAMES[insurer]} (${insurer}) at ${url}: ${failure}`;
  }
}

/**
 * The process's one discovery cache. The OAuth client resolves through it by default, so every caller (the link,
 * the code exchange, the refresh, the revocation) shares what was discovered; the module provides the same one.
 */
export const sharedSmartDiscovery = new SmartDiscovery();
