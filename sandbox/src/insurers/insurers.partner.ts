import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html';
import { HeldRequests } from '../held-requests';
import type { SandboxPartner } from '../partner';
import { renderAuthorizeError, renderAuthorizePage, type AuthorizeFormState, type AuthorizeParams } from './authorize-page';
import { FaultRegistry, parseFaultSpec, type Fault } from './faults';
import {
  capabilityStatement,
  DEFAULT_PAGE_SIZE,
  FHIR_JSON,
  MAX_PAGE_SIZE,
  operationOutcome,
  searchBundle,
  sendOutcome,
  type IssueCode,
} from './fhir-responses';
import { isPatientSearchType, PATIENT_SEARCH_TYPES } from './fhir-types';
import { FormBody, registerFormParser } from './form-body';
import { clientIdFor, clientSecretFor, INSURER_KEYS, insurerProfile, isInsurerKey, type InsurerKey } from './insurer-catalogue';
import { parseLastUpdated } from './last-updated';
import { MemberDirectory } from './member-directory';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS, OAuthStore, type TokenResult } from './oauth-store';
import {
  allows,
  consentChoices,
  defaultScope,
  grantedScope,
  parseScopes,
  scopesSupported,
  type Permission,
  type ResourceScope,
} from './smart-scopes';

export const INSURERS_PREFIX = '/insurers';
/** Blue Button 2.0's own paths (`/v2/o/token/`, `/v2/fhir/...`), served for the `blueButton` insurer. */
export const BLUE_BUTTON_PREFIX = '/v2';
/** Blue Button pages EOBs (and every search here) this many at a time, whatever `_count` asks. */
export const BLUE_BUTTON_PAGE_SIZE = 5;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_TTL_SECONDS = 86_400;

export interface InsurersPartnerOptions {
  /** Clock for codes and tokens (tests move it forward). */
  now?: () => number;
  dataDir?: string;
  /**
   * Other origins this sandbox is reached by (e.g. `http://sandbox:4100` inside docker compose while browsers use
   * `http://localhost:4100`): an `aud` naming the FHIR base on any of them is accepted, besides the request's own.
   */
  fhirOrigins?: readonly string[];
}

export type InsurersPartner = SandboxPartner & {
  store: OAuthStore;
  faults: FaultRegistry;
  directory: MemberDirectory;
  /** Blue Button's own `/v2` paths, registered as a partner of its own. */
  blueButtonPaths: SandboxPartner;
};

interface Outcome {
  status: number;
  body: unknown;
  contentType: string;
  headers?: Record<string, string>;
}

type KeyParams = { Params: { key: string } };
type MemberParams = { Params: { key: string; username: string } };

/** Who an access token speaks for, and what the member granted it. */
interface Access {
  patientId: string;
  scope: string;
}

const fhirOutcome = (status: number, code: IssueCode, diagnostics: string): Outcome => ({
  status,
  body: operationOutcome(code, diagnostics),
  contentType: FHIR_JSON,
});
const fhirOk = (body: unknown): Outcome => ({ status: 200, body, contentType: FHIR_JSON });

/** `Patient/123`, `https://host/fhir/Patient/123` or `123` -> `123`. */
const referenceId = (value: string): string => value.trim().replace(/^.*\//, '');

function checkRedirectUri(value: string | undefined): string | undefined {
  if (!value) return 'redirect_uri is missing.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'redirect_uri is not an absolute URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'redirect_uri must be an http or https URL.';
  if (value.includes('#') || url.username || url.password) return 'redirect_uri must not have a fragment or credentials.';
  return undefined;
}

type AuthorizeCheck =
  | { ok: true; params: AuthorizeParams; asked: string[]; resources: Map<string, ResourceScope> }
  /** Shown on the insurer's page: the client or the redirect URI cannot be trusted, or the request is malformed. */
  | { ok: false; message: string }
  /** RFC 6749 §4.1.2.1: sent back to the (validated) redirect URI. */
  | { ok: false; redirect: { error: 'invalid_request' | 'invalid_scope'; error_description: string } };

/**
 * SMART App Launch: `aud` names the FHIR server the token is for. It must be the FHIR base as this insurer
 * publishes it, on the origin the request came to (or another the sandbox is known by), with or without one
 * trailing slash; no query, fragment or credentials.
 */
function audMatches(aud: string, published: string, origins: readonly string[]): boolean {
  const m = /^(https?:\/\/[^/?#@]+)(\/[^?#]*)$/i.exec(aud);
  if (!m) return false;
  let origin: string;
  try {
    origin = new URL(m[1] as string).origin;
  } catch {
    return false;
  }
  const base = new URL(published);
  const known = [base.origin, ...origins];
  return known.includes(origin) && (m[2] === base.pathname || m[2] === `${base.pathname}/`);
}

/**
 * RFC 6749 §4.1.1 with RFC 7636 and SMART App Launch 2. A bad client, redirect URI, state or PKCE gets an error
 * page and never a redirect; once those are sound, a bad `aud` or `scope` goes back to the client (§4.1.2.1).
 */
function validateAuthorize(
  key: InsurerKey,
  source: FormBody,
  aud: { published: string; required: boolean; origins: readonly string[] },
): AuthorizeCheck {
  const names: (keyof AuthorizeParams)[] = [
    'response_type',
    'client_id',
    'redirect_uri',
    'state',
    'scope',
    'code_challenge',
    'code_challenge_method',
    'aud',
    'nonce',
  ];
  const repeated = source.repeated().filter((n) => (names as string[]).includes(n));
  if (repeated.length) return { ok: false, message: `These parameters were sent more than once: ${repeated.join(', ')}.` };
  const clientId = source.get('client_id');
  if (!clientId) return { ok: false, message: 'client_id is missing.' };
  if (clientId !== clientIdFor(key)) return { ok: false, message: `Unknown client_id "${clientId}".` };
  const redirectProblem = checkRedirectUri(source.get('redirect_uri'));
  if (redirectProblem) return { ok: false, message: redirectProblem };
  if (source.get('response_type') !== 'code') return { ok: false, message: 'response_type must be "code".' };
  if (!source.get('state'))
    return { ok: false, message: 'state is missing: the application must send one to protect the sign-in against forgery.' };
  if (!source.get('code_challenge')) return { ok: false, message: 'code_challenge is missing: this insurer requires PKCE.' };
  if (source.get('code_challenge_method') !== 'S256') return { ok: false, message: 'code_challenge_method must be S256.' };
  if (!S256_CHALLENGE.test(source.get('code_challenge') as string)) {
    return { ok: false, message: 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).' };
  }
  const params = Object.fromEntries(names.map((n) => [n, source.get(n) ?? ''])) as unknown as AuthorizeParams;
  if (!params.aud && aud.required) {
    const description = `aud is missing: name this insurer's FHIR base URL (${aud.published}) as the audience`;
    return { ok: false, redirect: { error: 'invalid_request', error_description: description } };
  }
  if (params.aud && !audMatches(params.aud, aud.published, aud.origins)) {
    const description = `aud "${params.aud}" is not this insurer's FHIR base URL (${aud.published})`;
    return { ok: false, redirect: { error: 'invalid_request', error_description: description } };
  }
  const { scopeVersion } = insurerProfile(key);
  params.scope = params.scope.trim() || defaultScope(scopeVersion);
  const parsed = parseScopes(params.scope, scopeVersion);
  if (!parsed.ok) return { ok: false, redirect: { error: parsed.error, error_description: parsed.description } };
  return { ok: true, params, asked: parsed.tokens, resources: parsed.resources };
}

function redirectTo(redirectUri: string, values: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  return url.toString();
}

/** RFC 6749 §2.3.1: HTTP Basic (form-encoded id and secret) or client_id/client_secret in the body, not both. */
function authenticateClient(
  key: InsurerKey,
  authorization: string | undefined,
  form: FormBody,
): { ok: true; clientId: string } | { ok: false; result: TokenResult } {
  const fail = (status: 400 | 401, error: 'invalid_request' | 'invalid_client', description: string) => ({
    ok: false as const,
    result: { ok: false as const, status, body: { error, error_description: description } },
  });
  let clientId: string | undefined;
  let secret: string | undefined;
  if (authorization) {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    if (!m) return fail(401, 'invalid_client', 'Only HTTP Basic client authentication is accepted in the Authorization header');
    if (form.has('client_secret')) return fail(400, 'invalid_request', 'Use one client authentication method, not both');
    const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return fail(401, 'invalid_client', 'Malformed HTTP Basic credentials');
    const unform = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    clientId = unform(decoded.slice(0, colon));
    secret = unform(decoded.slice(colon + 1));
    const bodyId = form.get('client_id');
    if (bodyId !== undefined && bodyId !== clientId)
      return fail(400, 'invalid_request', 'client_id in the body differs from the authenticated client');
  } else {
    clientId = form.get('client_id');
    secret = form.get('client_secret');
    if (!clientId || secret === undefined) return fail(401, 'invalid_client', 'Client authentication is required');
  }
  if (clientId !== clientIdFor(key) || secret !== clientSecretFor(key)) return fail(401, 'invalid_client', 'Client authentication failed');
  return { ok: true, clientId };
}

/**
 * Health insurers' patient-access APIs: OAuth 2.0 authorization code with PKCE (S256), client
 * authentication by Basic or body, and FHIR R4 (CARIN Blue Button) searches with Bundle paging, one
 * set of endpoints per insurer key, plus an admin API to switch faults and token lifetimes.
 */
export function createInsurersPartner(options: InsurersPartnerOptions = {}): InsurersPartner {
  const store = new OAuthStore(options.now);
  const faults = new FaultRegistry();
  const directory = new MemberDirectory(options.dataDir);
  const now = options.now ?? Date.now;
  const fhirOrigins = (options.fhirOrigins ?? []).map((o) => new URL(o).origin);
  const held = new HeldRequests();

  async function respond(
    reply: FastifyReply,
    fault: Fault | undefined,
    flavour: 'fhir' | 'oauth',
    produce: () => Outcome,
  ): Promise<FastifyReply> {
    const oauthError = (status: number) => (status === 500 ? 'server_error' : status === 404 ? 'not_found' : 'temporarily_unavailable');
    const failure = (status: number, code: IssueCode, text: string): Outcome =>
      flavour === 'fhir'
        ? fhirOutcome(status, code, text)
        : { status, body: { error: oauthError(status), error_description: text }, contentType: 'application/json; charset=utf-8' };
    let out: Outcome | undefined;
    if (fault?.kind === 'status500') out = failure(500, 'exception', 'Injected fault: internal server error');
    else if (fault?.kind === 'status404') out = failure(404, 'not-found', 'Injected fault: not found');
    else if (fault?.kind === 'timeout' || fault?.kind === 'slow') {
      const waited = await held.hold(fault.delayMs);
      if (waited === 'closed') out = failure(503, 'transient', 'The server is shutting down');
      else if (fault.kind === 'timeout') out = failure(504, 'timeout', `Injected fault: no answer for ${fault.delayMs} ms`);
    }
    out ??= produce();
    let text = JSON.stringify(out.body);
    if (fault?.kind === 'malformedBundle' && out.status === 200) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    reply.code(out.status).type(out.contentType);
    for (const [name, value] of Object.entries(out.headers ?? {})) reply.header(name, value);
    return reply.send(text);
  }

  const fhirBase = (req: FastifyRequest, key: InsurerKey) => `${req.protocol}://${req.host}${INSURERS_PREFIX}/${key}/fhir`;
  const oauthBase = (req: FastifyRequest, key: InsurerKey) => `${req.protocol}://${req.host}${INSURERS_PREFIX}/${key}`;
  const queryOf = (req: FastifyRequest) => new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');

  function authenticate(
    req: FastifyRequest,
    key: InsurerKey,
  ): { ok: true; access: Access } | { ok: false; code: IssueCode; message: string; challenge: string } {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const realm = `Bearer realm="${key}"`;
    if (!m) return { ok: false, code: 'login', message: 'A bearer access token is required', challenge: realm };
    const check = store.checkAccess(key, m[1] as string);
    if (check.ok) return { ok: true, access: { patientId: check.grant.patientId, scope: check.grant.scope } };
    const message = check.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid for this insurer';
    return {
      ok: false,
      code: check.reason === 'expired' ? 'expired' : 'login',
      message,
      challenge: `${realm}, error="invalid_token", error_description="${message}"`,
    };
  }

  /** As real SMART servers do: an interaction outside the granted scope is 403 with an OperationOutcome. */
  function outsideScope(key: InsurerKey, access: Access, type: string, interaction: Permission): Outcome | undefined {
    if (allows(access.scope, insurerProfile(key).scopeVersion, type, interaction)) return undefined;
    const what = interaction === 's' ? 'search' : 'read';
    return fhirOutcome(403, 'forbidden', `The access token's scope does not allow ${what} of ${type}: the member did not share it`);
  }

  function searchType(req: FastifyRequest, key: InsurerKey, type: string, access: Access, layout: Layout): Outcome {
    if (!isPatientSearchType(type)) return fhirOutcome(404, 'not-supported', `Search on ${type} is not supported`);
    const denied = outsideScope(key, access, type, 's');
    if (denied) return denied;
    const { patientId } = access;
    const query = queryOf(req);
    const pageParam = insurerProfile(key).pageParam;
    const number = (name: string, fallback: number): number | string => {
      const raw = query.get(name);
      if (raw === null) return fallback;
      return /^\d{1,9}$/.test(raw) ? Number(raw) : `${name} must be a non-negative integer`;
    };
    const count = number('_count', DEFAULT_PAGE_SIZE);
    const offset = number(query.has(pageParam) ? pageParam : query.has('_offset') ? '_offset' : 'startIndex', 0);
    if (typeof count === 'string') return fhirOutcome(400, 'invalid', count);
    if (typeof offset === 'string') return fhirOutcome(400, 'invalid', offset);
    const filterNames = type === 'Patient' ? ['_id'] : type === 'Coverage' ? ['patient', 'beneficiary'] : ['patient', 'subject'];
    const asked = filterNames
      .flatMap((n) => query.getAll(n))
      .flatMap((v) => v.split(','))
      .map(referenceId);
    const other = asked.find((id) => id !== patientId);
    if (other !== undefined) return fhirOutcome(403, 'forbidden', `The access token does not grant access to Patient/${other}`);
    const lastUpdated = parseLastUpdated(query.getAll('_lastUpdated'));
    if (!lastUpdated.ok) return fhirOutcome(400, 'invalid', lastUpdated.message);
    const matches = directory.resourcesOf(key, patientId, type).filter((r) => lastUpdated.matches(r));
    return fhirOk(
      searchBundle({
        fhirBase: layout.fhirBase(req, key),
        type,
        query,
        pageParam,
        matches,
        offset,
        count: Math.min(count, layout.maxPageSize, insurerProfile(key).maxPageSize),
      }),
    );
  }

  function readResource(key: InsurerKey, type: string, id: string, access: Access): Outcome {
    const { patientId } = access;
    const denied = outsideScope(key, access, type, 'r');
    if (denied) return denied;
    if (type === 'Patient' && id !== patientId)
      return fhirOutcome(403, 'forbidden', `The access token does not grant access to Patient/${id}`);
    const found = directory.find(key, type, id);
    if (!found) return fhirOutcome(404, 'not-found', `${type}/${id} is not known`);
    if (found.owner !== null && found.owner !== patientId) return fhirOutcome(403, 'forbidden', `${type}/${id} belongs to another member`);
    return fhirOk(found.resource);
  }

  function renderConsent(
    reply: FastifyReply,
    key: InsurerKey,
    params: AuthorizeParams,
    state: AuthorizeFormState,
    status: number,
    action: string,
    choices: readonly string[],
  ): FastifyReply {
    const members = directory.list(key).map((m) => ({ ...m, counts: directory.countsOf(key, m) }));
    const html = renderAuthorizePage({ insurerName: insurerProfile(key).name, action, params, members, choices, state });
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }

  const renderError = (reply: FastifyReply, name: string, message: string, status = 400) =>
    reply.code(status).type('text/html; charset=utf-8').send(renderAuthorizeError(name, message));

  /** A set of endpoints: the `/insurers/{key}/...` layout, or Blue Button's own paths for one insurer. */
  interface Layout {
    fhirBase(req: FastifyRequest, key: InsurerKey): string;
    /** The OAuth endpoints, as smart-configuration and the CapabilityStatement publish them. */
    endpoints(req: FastifyRequest, key: InsurerKey): { authorize: string; token: string; revoke: string };
    /** The consent form's action (a path). */
    authorizeAction(key: InsurerKey): string;
    /** Search pages never hold more than this, whatever `_count` asks. */
    maxPageSize: number;
    /** Whether the authorize request must name the FHIR base as `aud` (when sent, it is checked either way). */
    audRequired: boolean;
  }
  const defaultLayout: Layout = {
    fhirBase,
    endpoints: (req, key) => ({
      authorize: `${oauthBase(req, key)}/authorize`,
      token: `${oauthBase(req, key)}/token`,
      revoke: `${oauthBase(req, key)}/revoke`,
    }),
    authorizeAction: (key) => `${INSURERS_PREFIX}/${key}/authorize`,
    maxPageSize: MAX_PAGE_SIZE,
    audRequired: true,
  };

  const checkAuthorize = (req: FastifyRequest, key: InsurerKey, layout: Layout, source: FormBody) =>
    validateAuthorize(key, source, { published: layout.fhirBase(req, key), required: layout.audRequired, origins: fhirOrigins });

  /** The answer to a request that cannot go on: its error page, or the client's redirect URI with the error. */
  function refuse(reply: FastifyReply, key: InsurerKey, source: FormBody, checked: Extract<AuthorizeCheck, { ok: false }>): FastifyReply {
    if ('message' in checked) return renderError(reply, insurerProfile(key).name, checked.message);
    const state = source.get('state') as string;
    return reply.redirect(redirectTo(source.get('redirect_uri') as string, { ...checked.redirect, state }), 302);
  }

  function authorizeGet(req: FastifyRequest, reply: FastifyReply, key: InsurerKey, layout: Layout): FastifyReply {
    const source = new FormBody(queryOf(req));
    const checked = checkAuthorize(req, key, layout, source);
    if (!checked.ok) return refuse(reply, key, source, checked);
    return renderConsent(reply, key, checked.params, {}, 200, layout.authorizeAction(key), consentChoices(checked.resources));
  }

  function authorizePost(req: FastifyRequest, reply: FastifyReply, key: InsurerKey, layout: Layout): FastifyReply {
    const name = insurerProfile(key).name;
    const action = layout.authorizeAction(key);
    if (!(req.body instanceof FormBody)) return renderError(reply, name, 'The form must be sent as application/x-www-form-urlencoded.');
    const form = req.body;
    const checked = checkAuthorize(req, key, layout, form);
    if (!checked.ok) return refuse(reply, key, form, checked);
    const { params } = checked;
    const choices = consentChoices(checked.resources);
    const decision = form.get('decision');
    if (decision === 'deny') {
      return reply.redirect(
        redirectTo(params.redirect_uri, { error: 'access_denied', error_description: 'The member denied access', state: params.state }),
        302,
      );
    }
    if (decision !== 'approve') return renderError(reply, name, 'Choose Approve or Deny.');
    const username = form.get('username')?.trim() ?? '';
    const chosen = form.get('member') ?? '';
    const shared = form.getAll('share').filter((type) => choices.includes(type));
    const state: AuthorizeFormState = { member: chosen || undefined, username, shared };
    const again = (field: NonNullable<AuthorizeFormState['error']>['field'], message: string) =>
      renderConsent(reply, key, params, { ...state, error: { field, message } }, 400, action, choices);
    const member = directory.byUsername(key, username || chosen);
    if (username && !member) return again('username', `No member has the username "${username}". Use one of the usernames listed above.`);
    if (!member) return again('member', 'Choose a member or type a username.');
    if (!form.get('password')) return again('password', 'Enter a password. Any password works for a sandbox member.');
    if (choices.length && !shared.length) return again('share', 'Tick at least one kind of record to share, or choose Deny.');
    const code = store.issueCode({
      insurer: key,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      patientId: member.patientId,
      scope: grantedScope(checked.asked, checked.resources, new Set(shared), insurerProfile(key).scopeVersion),
      issuer: layout.fhirBase(req, key),
      nonce: params.nonce || undefined,
    });
    return reply.redirect(redirectTo(params.redirect_uri, { code, state: params.state }), 302);
  }

  async function tokenPost(req: FastifyRequest, reply: FastifyReply, key: InsurerKey): Promise<FastifyReply> {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return respond(reply, faults.take(key, 'token'), 'oauth', () => {
      const result = tokenRequest(key, req);
      const json = 'application/json; charset=utf-8';
      if (result.ok) return { status: 200, body: result.body, contentType: json };
      return {
        status: result.status,
        body: result.body,
        contentType: json,
        headers: result.status === 401 ? { 'WWW-Authenticate': `Basic realm="${key}"` } : undefined,
      };
    });
  }

  function tokenRequest(key: InsurerKey, req: FastifyRequest): TokenResult {
    const invalid = (description: string): TokenResult => ({
      ok: false,
      status: 400,
      body: { error: 'invalid_request', error_description: description },
    });
    if (!(req.body instanceof FormBody)) return invalid('The body must be application/x-www-form-urlencoded');
    const form = req.body;
    if (form.repeated().length) return invalid(`Parameters sent more than once: ${form.repeated().join(', ')}`);
    const client = authenticateClient(key, req.headers.authorization, form);
    if (!client.ok) return client.result;
    const grantType = form.get('grant_type');
    if (!grantType) return invalid('grant_type is missing');
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      const codeVerifier = form.get('code_verifier');
      if (!code) return invalid('code is missing');
      if (!redirectUri) return invalid('redirect_uri is missing');
      if (!codeVerifier) return invalid('code_verifier is missing: this insurer requires PKCE');
      return store.exchangeCode({ insurer: key, clientId: client.clientId, code, redirectUri, codeVerifier });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return invalid('refresh_token is missing');
      return store.refresh({
        insurer: key,
        clientId: client.clientId,
        refreshToken,
        scope: form.get('scope'),
        version: insurerProfile(key).scopeVersion,
      });
    }
    return {
      ok: false,
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: `grant_type "${grantType}" is not supported` },
    };
  }

  /**
   * RFC 7009: the client revokes a token it holds. 200 whether or not the token was known (§2.2); revoking a
   * refresh token ends the whole grant, an access token only itself.
   */
  function revokePost(req: FastifyRequest, reply: FastifyReply, key: InsurerKey): FastifyReply {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const json = 'application/json; charset=utf-8';
    const invalid = (description: string) => reply.code(400).type(json).send({ error: 'invalid_request', error_description: description });
    if (!(req.body instanceof FormBody)) return invalid('The body must be application/x-www-form-urlencoded');
    const form = req.body;
    if (form.repeated().length) return invalid(`Parameters sent more than once: ${form.repeated().join(', ')}`);
    const client = authenticateClient(key, req.headers.authorization, form);
    if (!client.ok) {
      const failed = client.result as Extract<TokenResult, { ok: false }>;
      if (failed.status === 401) reply.header('WWW-Authenticate', `Basic realm="${key}"`);
      return reply.code(failed.status).type(json).send(failed.body);
    }
    const token = form.get('token');
    if (!token) return invalid('token is missing');
    const hint = form.get('token_type_hint');
    if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') {
      const description = `token_type_hint "${hint}" is not supported`;
      return reply.code(400).type(json).send({ error: 'unsupported_token_type', error_description: description });
    }
    store.revoke({ insurer: key, clientId: client.clientId, token });
    return reply.code(200).type(json).send('{}');
  }

  /** SMART App Launch 2 §"Conformance": what a client discovers at `{FHIR base}/.well-known/smart-configuration`. */
  function smartConfiguration(req: FastifyRequest, key: InsurerKey, layout: Layout) {
    const { scopeVersion } = insurerProfile(key);
    const urls = layout.endpoints(req, key);
    return {
      issuer: layout.fhirBase(req, key),
      authorization_endpoint: urls.authorize,
      token_endpoint: urls.token,
      revocation_endpoint: urls.revoke,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: scopesSupported(scopeVersion),
      capabilities: [
        'launch-standalone',
        'client-confidential-symmetric',
        'context-standalone-patient',
        'permission-offline',
        'permission-patient',
        `permission-${scopeVersion}`,
      ],
    };
  }

  /** Discovery, with the `smart-configuration` fault (404, 500, a cut body, a hold) for tests of its failure. */
  const discover = (req: FastifyRequest, reply: FastifyReply, key: InsurerKey, layout: Layout) =>
    respond(reply, faults.take(key, 'smart-configuration'), 'oauth', () => ({
      status: 200,
      body: smartConfiguration(req, key, layout),
      contentType: 'application/json; charset=utf-8',
    }));

  /** The CapabilityStatement, whose oauth-uris extension is the discovery fallback. */
  const metadata = (req: FastifyRequest, reply: FastifyReply, key: InsurerKey, layout: Layout) =>
    respond(reply, faults.take(key, 'metadata'), 'fhir', () => {
      const urls = layout.endpoints(req, key);
      return fhirOk(
        capabilityStatement({
          insurerName: insurerProfile(key).name,
          fhirBase: layout.fhirBase(req, key),
          authorizeUrl: urls.authorize,
          tokenUrl: urls.token,
          revokeUrl: urls.revoke,
          types: PATIENT_SEARCH_TYPES,
        }),
      );
    });

  type FhirRequest = FastifyRequest<{ Params: { key?: string; type: string; id?: string } }>;
  const fhirRoute =
    (keyOf: (req: FhirRequest) => string, handler: (req: FhirRequest, key: InsurerKey, access: Access) => Outcome) =>
    async (req: FhirRequest, reply: FastifyReply) => {
      const key = keyOf(req);
      const { type } = req.params;
      if (!isInsurerKey(key)) return sendOutcome(reply, 404, 'not-found', `There is no insurer "${key}"`);
      const auth = authenticate(req, key);
      if (!auth.ok) {
        reply.header('WWW-Authenticate', auth.challenge);
        return sendOutcome(reply, 401, auth.code, auth.message);
      }
      return respond(reply, faults.take(key, type), 'fhir', () => handler(req, key, auth.access));
    };

  const authorizeHeaders = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.includes('/authorize')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      reply.header('X-Frame-Options', 'DENY');
    }
  };

  const blueButtonOAuth = (req: FastifyRequest) => `${req.protocol}://${req.host}${BLUE_BUTTON_PREFIX}/o`;
  // The real Blue Button does not ask for `aud`: it is optional here, and checked when sent.
  const blueButtonLayout: Layout = {
    fhirBase: (req) => `${req.protocol}://${req.host}${BLUE_BUTTON_PREFIX}/fhir`,
    endpoints: (req) => ({
      authorize: `${blueButtonOAuth(req)}/authorize/`,
      token: `${blueButtonOAuth(req)}/token/`,
      revoke: `${blueButtonOAuth(req)}/revoke_token/`,
    }),
    authorizeAction: () => `${BLUE_BUTTON_PREFIX}/o/authorize/`,
    maxPageSize: BLUE_BUTTON_PAGE_SIZE,
    audRequired: false,
  };

  /**
   * CMS Blue Button 2.0 on its own paths, for the `blueButton` insurer, as strict as the real server: the OAuth
   * endpoints exist only with their trailing slash (`/v2/o/authorize/`, `/v2/o/token/`, `/v2/o/revoke_token/`)
   * and the path without it answers 301 to the slashed one (so a POST that follows it arrives as a GET, which
   * the token endpoint refuses with 405); FHIR is under `/v2/fhir/`; searches are paged 5 at a time whatever
   * `_count` asks, with absolute `next` links. Codes, tokens and members are the `/insurers/blueButton` ones.
   */
  const blueButtonPaths: SandboxPartner = {
    prefix: BLUE_BUTTON_PREFIX,
    description:
      `CMS Blue Button 2.0 on its own paths (${BLUE_BUTTON_PREFIX}/o/authorize/, ${BLUE_BUTTON_PREFIX}/o/token/, ` +
      `${BLUE_BUTTON_PREFIX}/fhir/): the blueButton insurer, slash-strict, 5 per page`,
    async register(app: FastifyInstance) {
      const key: InsurerKey = 'blueButton';
      registerFormParser(app);
      app.addHook('onSend', authorizeHeaders);
      const slashed = (path: string) => async (req: FastifyRequest, reply: FastifyReply) => {
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        return reply.redirect(`${BLUE_BUTTON_PREFIX}${path}/${query}`, 301);
      };
      const notAllowed = (allow: string) => async (_req: FastifyRequest, reply: FastifyReply) =>
        reply.code(405).header('Allow', allow).type('application/json; charset=utf-8').send({ detail: 'Method not allowed.' });
      for (const path of ['/o/authorize', '/o/token', '/o/revoke_token']) app.all(path, slashed(path));
      app.get('/o/authorize/', async (req, reply) => authorizeGet(req, reply, key, blueButtonLayout));
      app.post('/o/authorize/', async (req, reply) => authorizePost(req, reply, key, blueButtonLayout));
      app.post('/o/token/', async (req, reply) => tokenPost(req, reply, key));
      app.get('/o/token/', notAllowed('POST, OPTIONS'));
      app.post('/o/revoke_token/', async (req, reply) => revokePost(req, reply, key));
      app.get('/o/revoke_token/', notAllowed('POST, OPTIONS'));
      app.get('/fhir/.well-known/smart-configuration', async (req, reply) => discover(req, reply, key, blueButtonLayout));
      app.get('/fhir/metadata', async (req, reply) => metadata(req, reply, key, blueButtonLayout));
      app.get('/fhir/metadata/', async (req, reply) => metadata(req, reply, key, blueButtonLayout));
      const search = fhirRoute(
        () => key,
        (req, k, access) => searchType(req, k, req.params.type, access, blueButtonLayout),
      );
      const read = fhirRoute(
        () => key,
        (req, k, access) => readResource(k, req.params.type, req.params.id as string, access),
      );
      app.get('/fhir/:type', search);
      app.get('/fhir/:type/', search);
      app.get('/fhir/:type/:id', read);
      app.get('/fhir/:type/:id/', read);
    },
  };

  return {
    prefix: INSURERS_PREFIX,
    description: 'health insurers: OAuth 2.0 + PKCE and FHIR R4 (CARIN Blue Button) at /insurers/{key}/..., with injectable faults',
    store,
    faults,
    directory,
    blueButtonPaths,
    async register(app: FastifyInstance) {
      registerFormParser(app);
      app.addHook('preClose', async () => {
        held.releaseAll();
      });
      app.addHook('onSend', authorizeHeaders);

      app.get('/', async (req, reply) => {
        const base = `${req.protocol}://${req.host}${INSURERS_PREFIX}`;
        const rows = INSURER_KEYS.map(
          (key) =>
            `<tr><th scope="row">${escapeHtml(insurerProfile(key).name)}<br><code>${key}</code></th>` +
            `<td><code>${escapeHtml(`${base}/${key}/authorize`)}</code><br><code>${escapeHtml(`${base}/${key}/token`)}</code><br><code>${escapeHtml(`${base}/${key}/fhir`)}</code></td>` +
            `<td><code>${clientIdFor(key)}</code> / <code>${clientSecretFor(key)}</code></td><td>${directory
              .usernames(key)
              .map((u) => `<code>${escapeHtml(u)}</code>`)
              .join(' ')}</td></tr>`,
        ).join('');
        return reply
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
              `<title>Sandbox insurers</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}th,td{border:1px solid #999;padding:.4rem;vertical-align:top;text-align:left}code{overflow-wrap:anywhere}</style></head>` +
              `<body><h1>Sandbox insurers</h1><p>OAuth 2.0 authorization code + PKCE (S256) and FHIR R4. Any password works for a member. SMART discovery at <code>{FHIR base}/.well-known/smart-configuration</code>; the authorize request must name the FHIR base as <code>aud</code>. Admin API: <code>POST|GET|DELETE ${INSURERS_PREFIX}/_admin/faults</code>, <code>POST|GET|DELETE ${INSURERS_PREFIX}/_admin/settings</code>, <code>GET ${INSURERS_PREFIX}/_admin/members/{key}</code>.</p>` +
              `<table><thead><tr><th scope="col">Insurer</th><th scope="col">Authorize, token, FHIR base</th><th scope="col">Client id / secret</th><th scope="col">Members (usernames)</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
          );
      });

      // ---- admin API (tests switch faults and token lifetimes) ----
      app.get('/_admin/faults', async () => ({ faults: faults.list() }));
      app.post('/_admin/faults', async (req, reply) => {
        const parsed = parseFaultSpec(req.body);
        if (!parsed.ok) return reply.code(400).send({ message: parsed.message });
        return reply.code(201).send(faults.add(parsed.spec));
      });
      app.delete('/_admin/faults', async (_req, reply) => {
        faults.clear();
        return reply.code(204).send();
      });
      app.get('/_admin/settings', async () => ({ accessTokenTtlSeconds: store.accessTokenTtlSeconds }));
      app.post('/_admin/settings', async (req, reply) => {
        const body = req.body as Record<string, unknown> | undefined;
        const ttl = body?.accessTokenTtlSeconds;
        if (!body || typeof body !== 'object' || !Number.isInteger(ttl) || (ttl as number) < 1 || (ttl as number) > MAX_TTL_SECONDS) {
          return reply.code(400).send({ message: `accessTokenTtlSeconds must be an integer from 1 to ${MAX_TTL_SECONDS}` });
        }
        store.accessTokenTtlSeconds = ttl as number;
        return { accessTokenTtlSeconds: store.accessTokenTtlSeconds };
      });
      // What each member holds, so a test can check that everything arrived.
      app.get<KeyParams>('/_admin/members/:key', async (req, reply) => {
        const { key } = req.params;
        if (!isInsurerKey(key)) return reply.code(404).send({ message: `There is no insurer "${key}"` });
        return {
          members: directory.list(key).map((m) => ({ username: m.username, patientId: m.patientId, counts: directory.countsOf(key, m) })),
        };
      });
      const noFields = (body: unknown): string | undefined => {
        if (body === undefined || body === null) return undefined;
        if (typeof body !== 'object' || Array.isArray(body) || body instanceof FormBody) return 'The body must be empty or a JSON object';
        const unknown = Object.keys(body);
        return unknown.length ? `Unknown field(s): ${unknown.join(', ')}` : undefined;
      };
      // A new claim for a member, as if the payer loaded it now: the next `_lastUpdated` search finds it.
      app.post<MemberParams>('/_admin/members/:key/:username/claims', async (req, reply) => {
        const { key, username } = req.params;
        if (!isInsurerKey(key)) return reply.code(404).send({ message: `There is no insurer "${key}"` });
        const problem = noFields(req.body);
        if (problem) return reply.code(400).send({ message: problem });
        const added = directory.addClaim(key, username, now());
        if (!added.ok) return reply.code(added.status).send({ message: added.message });
        return reply.code(201).send({ claim: added.claim });
      });
      // The member withdrew the app at the insurer: every refresh token of theirs stops working.
      app.post<MemberParams>('/_admin/members/:key/:username/revoke-refresh-tokens', async (req, reply) => {
        const { key, username } = req.params;
        if (!isInsurerKey(key)) return reply.code(404).send({ message: `There is no insurer "${key}"` });
        const problem = noFields(req.body);
        if (problem) return reply.code(400).send({ message: problem });
        const member = directory.byUsername(key, username);
        if (!member) return reply.code(404).send({ message: `${key} has no member with the username "${username}"` });
        return { revoked: store.revokeMemberRefreshTokens(key, member.patientId) };
      });
      app.delete('/_admin/settings', async (_req, reply) => {
        store.accessTokenTtlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
        return reply.code(204).send();
      });

      // ---- OAuth 2.0 ----
      app.get<KeyParams>('/:key/authorize', async (req, reply) => {
        const { key } = req.params;
        if (!isInsurerKey(key)) return renderError(reply, 'Sandbox insurer', `There is no insurer "${key}".`, 404);
        return authorizeGet(req, reply, key, defaultLayout);
      });

      app.post<KeyParams>('/:key/authorize', async (req, reply) => {
        const { key } = req.params;
        if (!isInsurerKey(key)) return renderError(reply, 'Sandbox insurer', `There is no insurer "${key}".`, 404);
        return authorizePost(req, reply, key, defaultLayout);
      });

      app.post<KeyParams>('/:key/token', async (req, reply) => {
        const { key } = req.params;
        if (!isInsurerKey(key))
          return reply.code(404).send({ error: 'invalid_request', error_description: `There is no insurer "${key}"` });
        return tokenPost(req, reply, key);
      });

      app.post<KeyParams>('/:key/revoke', async (req, reply) => {
        const { key } = req.params;
        if (!isInsurerKey(key))
          return reply.code(404).send({ error: 'invalid_request', error_description: `There is no insurer "${key}"` });
        return revokePost(req, reply, key);
      });

      // ---- FHIR R4 ----
      const smartConfigurationRoute = async (req: FastifyRequest<KeyParams>, reply: FastifyReply) => {
        const { key } = req.params;
        if (!isInsurerKey(key)) return reply.code(404).send({ message: `There is no insurer "${key}"` });
        return discover(req, reply, key, defaultLayout);
      };
      app.get<KeyParams>('/:key/fhir/.well-known/smart-configuration', smartConfigurationRoute);
      app.get<KeyParams>('/:key/.well-known/smart-configuration', smartConfigurationRoute);

      app.get<KeyParams>('/:key/fhir/metadata', async (req, reply) => {
        const { key } = req.params;
        if (!isInsurerKey(key)) return sendOutcome(reply, 404, 'not-found', `There is no insurer "${key}"`);
        return metadata(req, reply, key, defaultLayout);
      });

      const keyParam = (req: FhirRequest) => req.params.key ?? '';
      const search = fhirRoute(keyParam, (req, key, access) => searchType(req, key, req.params.type, access, defaultLayout));
      const read = fhirRoute(keyParam, (req, key, access) => readResource(key, req.params.type, req.params.id as string, access));
      app.get('/:key/fhir/:type', search);
      app.get('/:key/fhir/:type/:id', read);
    },
  };
}
