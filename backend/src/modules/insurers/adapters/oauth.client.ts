import * as oauth from 'oauth4webapi';
import type { InsurerEndpoints } from '../../../config/insurers-config';
import { PartnerPermanentError, PartnerTransientError } from '../insurers.errors';
import { sharedSmartDiscovery, type ResolvedEndpoints, type SmartDiscovery } from './smart-discovery';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
  scope: string | null;
  patientId: string | null;
}

const TIMEOUT_MS = 15_000;

type Endpoint = 'token' | 'revocation';
const urlOf = (endpoints: ResolvedEndpoints, endpoint: Endpoint): string =>
  endpoint === 'token' ? endpoints.tokenUrl : endpoints.revocationUrl;

const isResolved = (endpoints: InsurerEndpoints | ResolvedEndpoints): endpoints is ResolvedEndpoints => 'authMethod' in endpoints;

/** The configured endpoints, completed by SMART discovery where the configuration asks for it. */
const resolve = (endpoints: InsurerEndpoints | ResolvedEndpoints, discovery: SmartDiscovery): Promise<ResolvedEndpoints> =>
  isResolved(endpoints) ? Promise.resolve(endpoints) : discovery.resolve(endpoints);

// The metadata is the configured (or discovered) endpoints, used exactly as given (a trailing `/` is kept).
const serverOf = (endpoints: ResolvedEndpoints): oauth.AuthorizationServer => ({
  issuer: new URL(endpoints.tokenUrl).origin,
  authorization_endpoint: endpoints.authorizeUrl,
  token_endpoint: endpoints.tokenUrl,
  ...(endpoints.revocationUrl ? { revocation_endpoint: endpoints.revocationUrl } : {}),
});
const clientOf = (endpoints: ResolvedEndpoints): oauth.Client => ({ client_id: endpoints.clientId });
// HTTP Basic unless the server's discovery says it takes only client_secret_post.
const clientAuth = (endpoints: ResolvedEndpoints): oauth.ClientAuth =>
  endpoints.authMethod === 'client_secret_post'
    ? oauth.ClientSecretPost(endpoints.clientSecret)
    : oauth.ClientSecretBasic(endpoints.clientSecret);

/**
 * Transport for one endpoint: a timeout, and a redirect never followed (a POST that follows a 301 becomes a GET,
 * and the code would be spent on a request the insurer refuses): a 3xx is a configuration error, not retried;
 * a 5xx or a network failure is transient.
 */
function requestOptions(endpoints: ResolvedEndpoints, endpoint: Endpoint): oauth.HttpRequestOptions<'POST', URLSearchParams> {
  const url = new URL(urlOf(endpoints, endpoint));
  const label = `${endpoint} endpoint`;
  return {
    signal: () => AbortSignal.timeout(TIMEOUT_MS),
    // oauth4webapi refuses plain http unless told: only the sandbox (http://localhost) is configured so.
    [oauth.allowInsecureRequests]: url.protocol === 'http:',
    [oauth.customFetch]: async (input, init) => {
      let response: Response;
      try {
        response = await fetch(input, { ...init, redirect: 'manual' });
      } catch (error) {
        throw new PartnerTransientError(`${label} unreachable: ${(error as Error).message}`, null, url.host);
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new PartnerPermanentError(
          `${label} ${url.host} answered ${response.status} (a redirect): check the configured ${endpoint} URL, ` +
            'it must be the exact endpoint (Blue Button\'s ends in "/")',
          response.status,
          url.host,
        );
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new PartnerTransientError(`${label} answered ${response.status}`, response.status, url.host);
      }
      return endpoint === 'token' ? withoutIdToken(response) : response;
    },
  };
}

/**
 * The grant is OAuth 2.0 authorization only: the patient comes from the token response's `patient`, never from
 * an OpenID identity. An `id_token` (insurers add one when `openid` is asked) would be checked against an issuer
 * this client has not discovered and fail the link, so it is set aside unread.
 */
async function withoutIdToken(response: Response): Promise<Response> {
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) delete (body as Record<string, unknown>).id_token;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

/** oauth4webapi's errors as partner errors: what the insurer answered (its `error` and, for tokens, its description). */
async function asPartnerError(error: unknown, endpoints: ResolvedEndpoints, endpoint: Endpoint): Promise<Error> {
  if (error instanceof PartnerPermanentError || error instanceof PartnerTransientError) return error;
  const host = new URL(urlOf(endpoints, endpoint)).host;
  const refused = (status: number, code: unknown, description: unknown) => {
    // A revocation error may quote the token it was given: only the error code is kept.
    const detail = endpoint === 'token' && typeof description === 'string' && description ? ` (${description})` : '';
    const oauthError = typeof code === 'string' && code ? code : null;
    return new PartnerPermanentError(`${endpoint} endpoint refused: ${oauthError ?? status}${detail}`, status, host, oauthError);
  };
  if (error instanceof oauth.ResponseBodyError) return refused(error.status, error.error, error.error_description);
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const body = (await error.response.json().catch(() => ({}))) as Record<string, unknown>;
    return refused(error.status, body.error ?? error.cause[0]?.parameters.error, body.error_description);
  }
  if (error instanceof oauth.OperationProcessingError && error.cause instanceof Response) return refused(error.cause.status, null, null);
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new PartnerPermanentError(`${endpoint} endpoint answered in a way OAuth does not allow: ${error.message}`, 200, host);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Runs one call on the endpoints; when they were discovered and the call fails, what was discovered is forgotten,
 * so the next call reads the server's configuration again (an endpoint may have moved).
 */
async function onEndpoints<T>(
  endpoints: ResolvedEndpoints,
  endpoint: Endpoint,
  discovery: SmartDiscovery,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (endpoints.discovered) discovery.invalidate(endpoints.fhirBaseUrl);
    throw await asPartnerError(error, endpoints, endpoint);
  }
}

function tokenSetOf(body: oauth.TokenEndpointResponse): TokenSet {
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token || null,
    expiresInSeconds: body.expires_in || null,
    scope: body.scope ?? null,
    // SMART on FHIR: the patient the grant is for comes with the tokens.
    patientId: typeof body.patient === 'string' ? body.patient : null,
  };
}

/** A PKCE verifier (RFC 7636) and its S256 challenge, and a state of 256 random bits. */
export async function newAuthorization(): Promise<{ state: string; verifier: string; challenge: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { state: oauth.generateRandomState(), verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/**
 * The insurer's authorize URL for a SMART standalone launch: the authorization code flow with PKCE S256, `aud`
 * the FHIR base exactly as configured (SMART servers refuse a request without it, or for another server).
 */
export function authorizationUrl(
  endpoints: ResolvedEndpoints,
  params: { state: string; challenge: string; scope: string; subset?: string },
): string {
  const url = new URL(endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: endpoints.redirectUri,
    scope: params.scope,
    state: params.state,
    aud: endpoints.fhirBaseUrl,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    ...(params.subset ? { subset: params.subset } : {}),
  }).toString();
  return url.toString();
}

/**
 * RFC 6749 §4.1.3 with the PKCE verifier, client authentication by HTTP Basic (or in the body, where the server
 * takes only that). The state was checked by the caller.
 */
export async function exchangeAuthorizationCode(
  configured: InsurerEndpoints | ResolvedEndpoints,
  code: string,
  verifier: string,
  discovery: SmartDiscovery = sharedSmartDiscovery,
): Promise<TokenSet> {
  const endpoints = await resolve(configured, discovery);
  const as = serverOf(endpoints);
  const client = clientOf(endpoints);
  return onEndpoints(endpoints, 'token', discovery, async () => {
    const callback = oauth.validateAuthResponse(as, client, new URLSearchParams({ code }), oauth.skipStateCheck);
    const options = requestOptions(endpoints, 'token');
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth(endpoints),
      callback,
      endpoints.redirectUri,
      verifier,
      options,
    );
    return tokenSetOf(await oauth.processAuthorizationCodeResponse(as, client, response));
  });
}

/** RFC 6749 §6: a new access token (and, at insurers that rotate them, a new refresh token). */
export async function refreshTokens(
  configured: InsurerEndpoints | ResolvedEndpoints,
  refreshToken: string,
  discovery: SmartDiscovery = sharedSmartDiscovery,
): Promise<TokenSet> {
  const endpoints = await resolve(configured, discovery);
  const as = serverOf(endpoints);
  const client = clientOf(endpoints);
  return onEndpoints(endpoints, 'token', discovery, async () => {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth(endpoints),
      refreshToken,
      requestOptions(endpoints, 'token'),
    );
    return tokenSetOf(await oauth.processRefreshTokenResponse(as, client, response));
  });
}

/**
 * RFC 7009 token revocation with the same client authentication. A 200 means revoked (or unknown: the
 * insurer answers 200 either way); anything else is a failure for the caller to record.
 */
export async function revokeToken(
  configured: InsurerEndpoints | ResolvedEndpoints,
  token: string,
  hint: 'access_token' | 'refresh_token',
  discovery: SmartDiscovery = sharedSmartDiscovery,
): Promise<void> {
  const endpoints = await resolve(configured, discovery);
  if (!endpoints.revocationUrl) throw new PartnerPermanentError('the insurer offers no revocation endpoint');
  const as = serverOf(endpoints);
  const client = clientOf(endpoints);
  await onEndpoints(endpoints, 'revocation', discovery, async () => {
    const options = { ...requestOptions(endpoints, 'revocation'), additionalParameters: { token_type_hint: hint } };
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth(endpoints), token, options));
  });
}
