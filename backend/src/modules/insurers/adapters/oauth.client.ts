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

/** OAuth 2.0 token endpoint (RFC 6749 with PKCE, RFC 7636), client authentication by HTTP Basic. */
export async function requestToken(endpoints: InsurerEndpoints, form: Record<string, string>): Promise<TokenSet> {
  let response: Response;
  try {
    response = await fetch(endpoints.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(endpoints.clientId)}:${encodeURIComponent(endpoints.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PartnerTransientError(`token endpoint unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // handled below
  }
  if (response.status >= 500) throw new PartnerTransientError(`token endpoint answered ${response.status}`);
  if (!response.ok) {
    throw new PartnerPermanentError(`token endpoint refused: ${String(body.error ?? response.status)}${body.error_description ? ` (${String(body.error_description)})` : ''}`);
  }
  if (typeof body.access_token !== 'string' || !body.access_token) throw new PartnerPermanentError('token endpoint answered without an access_token');
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in) || null,
    scope: typeof body.scope === 'string' ? body.scope : null,
    patientId: typeof body.patient === 'string' ? body.patient : null,
  };
}
