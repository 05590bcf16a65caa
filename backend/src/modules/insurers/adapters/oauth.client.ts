import * as oauth from 'oauth4webapi';
import type { InsurerEndpoints } from '../../../config/insurers-config';
import { PartnerPermanentError, PartnerTransientError } from '../insurers.errors';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
  scope: string | null;
  patientId: string | null;
}

const TIMEOUT_MS = 15_000;

type Endpoint = 'token' | 'revocation';
const urlOf = (endpoints: InsurerEndpoints, endpoint: Endpoint): string =>
  endpoint === 'token' ? endpoints.tokenUrl : endpoints.revocationUrl;

// No discovery yet: the metadata is the configured endpoints, used exactly as given (a trailing `/` is kept).
const serverOf = (endpoints: InsurerEndpoints): oauth.AuthorizationServer => ({
  issuer: new URL(endpoints.tokenUrl).origin,
  authorization_endpoint: endpoints.authorizeUrl,
  token_endpoint: endpoints.tokenUrl,
  ...(endpoints.revocationUrl ? { revocation_endpoint: endpoints.revocationUrl } : {}),
});
const clientOf = (endpoints: InsurerEndpoints): oauth.Client => ({ client_id: endpoints.clientId });
const basic = (endpoints: InsurerEndpoints): oauth.ClientAuth => oauth.ClientSecretBasic(endpoints.clientSecret);

/**
 * Transport for one endpoint: a timeout, and a redirect never followed (a POST that follows a 301 becomes a GET,
 * and the code would be spent on a request the insurer refuses): a 3xx is a configuration error, not retried;
 * a 5xx or a network failure is transient.
 */
function requestOptions(endpoints: InsurerEndpoints, endpoint: Endpoint): oauth.HttpRequestOptions<'POST', URLSearchParams> {
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
async function asPartnerError(error: unknown, endpoints: InsurerEndpoints, endpoint: Endpoint): Promise<Error> {
  if (error instanceof PartnerPermanentError || error instanceof PartnerTransientError) return error;
  const host = new URL(urlOf(endpoints, endpoint)).host;
  const refused = (status: number, code: unknown, description: unknown) => {
    // A revocation error may quote the token it was given: only the error code is kept.
    const detail = endpoint === 'token' && typeof description === 'string' && description ? ` (${description})` : '';
    return new PartnerPermanentError(
      `${endpoint} endpoint refused: ${typeof code === 'string' && code ? code : status}${detail}`,
      status,
      host,
    );
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

async function tokenCall(endpoints: InsurerEndpoints, request: () => Promise<oauth.TokenEndpointResponse>): Promise<TokenSet> {
  let body: oauth.TokenEndpointResponse;
  try {
    body = await request();
  } catch (error) {
    throw await asPartnerError(error, endpoints, 'token');
  }
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

/** The insurer's authorize URL for the authorization code flow with PKCE S256. */
export function authorizationUrl(endpoints: InsurerEndpoints, params: { state: string; challenge: string; subset?: string }): string {
  const url = new URL(endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: endpoints.redirectUri,
    scope: endpoints.scopes,
    state: params.state,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    ...(params.subset ? { subset: params.subset } : {}),
  }).toString();
  return url.toString();
}

/** RFC 6749 §4.1.3 with the PKCE verifier, client authentication by HTTP Basic. The state was checked by the caller. */
export function exchangeAuthorizationCode(endpoints: InsurerEndpoints, code: string, verifier: string): Promise<TokenSet> {
  const as = serverOf(endpoints);
  const client = clientOf(endpoints);
  return tokenCall(endpoints, async () => {
    const callback = oauth.validateAuthResponse(as, client, new URLSearchParams({ code }), oauth.skipStateCheck);
    const options = requestOptions(endpoints, 'token');
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      basic(endpoints),
      callback,
      endpoints.redirectUri,
      verifier,
      options,
    );
    return oauth.processAuthorizationCodeResponse(as, client, response);
  });
}

/** RFC 6749 §6: a new access token (and, at insurers that rotate them, a new refresh token). */
export function refreshTokens(endpoints: InsurerEndpoints, refreshToken: string): Promise<TokenSet> {
  const as = serverOf(endpoints);
  const client = clientOf(endpoints);
  return tokenCall(endpoints, async () => {
    const response = await oauth.refreshTokenGrantRequest(as, client, basic(endpoints), refreshToken, requestOptions(endpoints, 'token'));
    return oauth.processRefreshTokenResponse(as, client, response);
  });
}

/**
 * RFC 7009 token revocation with the same client authentication. A 200 means revoked (or unknown: the
 * insurer answers 200 either way); anything else is a failure for the caller to record.
 */
export async function revokeToken(endpoints: InsurerEndpoints, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  const as = serverOf(endpoints);
  const client = clientOf(endpoints);
  try {
    const options = { ...requestOptions(endpoints, 'revocation'), additionalParameters: { token_type_hint: hint } };
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, basic(endpoints), token, options));
  } catch (error) {
    throw await asPartnerError(error, endpoints, 'revocation');
  }
}
