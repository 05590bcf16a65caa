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

const hostOf = (url: string): string => new URL(url).host;

const basicAuth = (endpoints: InsurerEndpoints): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(endpoints.clientId)}:${encodeURIComponent(endpoints.clientSecret)}`).toString('base64')}`;

/**
 * OAuth 2.0 token endpoint (RFC 6749 with PKCE, RFC 7636), client authentication by HTTP Basic. The configured
 * URL is used as given and a redirect is never followed: a POST that follows a 301 becomes a GET, and the
 * code would be spent on a request the insurer refuses. A 3xx is a configuration error, not retried.
 */
export async function requestToken(endpoints: InsurerEndpoints, form: Record<string, string>): Promise<TokenSet> {
  const host = hostOf(endpoints.tokenUrl);
  let response: Response;
  try {
    response = await fetch(endpoints.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: basicAuth(endpoints),
      },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PartnerTransientError(`token endpoint unreachable: ${(error as Error).message}`, null, host);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new PartnerPermanentError(
      `token endpoint ${host} answered ${response.status} (a redirect): check the configured token URL, it must be the exact endpoint ` +
        '(Blue Button\'s ends in "/")',
      response.status,
      host,
    );
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // handled below
  }
  if (response.status >= 500) throw new PartnerTransientError(`token endpoint answered ${response.status}`, response.status, host);
  if (!response.ok) {
    const reason = `${String(body.error ?? response.status)}${body.error_description ? ` (${String(body.error_description)})` : ''}`;
    throw new PartnerPermanentError(`token endpoint refused: ${reason}`, response.status, host);
  }
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new PartnerPermanentError('token endpoint answered without an access_token', response.status, host);
  }
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in) || null,
    scope: typeof body.scope === 'string' ? body.scope : null,
    patientId: typeof body.patient === 'string' ? body.patient : null,
  };
}

/**
 * RFC 7009 token revocation with the same client authentication. A 200 means revoked (or unknown: the
 * insurer answers 200 either way); anything else is a failure for the caller to record.
 */
export async function revokeToken(endpoints: InsurerEndpoints, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  const host = hostOf(endpoints.revocationUrl);
  let response: Response;
  try {
    response = await fetch(endpoints.revocationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(endpoints) },
      body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PartnerTransientError(`revocation endpoint unreachable: ${(error as Error).message}`, null, host);
  }
  await response.body?.cancel();
  if (response.status !== 200) throw new PartnerPermanentError(`revocation endpoint answered ${response.status}`, response.status, host);
}
