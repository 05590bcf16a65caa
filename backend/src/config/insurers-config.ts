import { INSURER_KEYS, type InsurerKey } from '@healthlink/contracts';

export interface InsurerEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  fhirBaseUrl: string;
  /**
   * RFC 7009 token revocation; empty when the insurer offers none (`none`), or when the token URL points at a real
   * insurer and no revocation URL is configured.
   */
  revocationUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  redirectUri: string;
}

/** INSURER_BLUE_BUTTON_SANDBOX_CLIENT_ID etc.: the key in SCREAMING_SNAKE. */
export const insurerEnvPrefix = (key: InsurerKey): string => `INSURER_${key.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_`;

const FIELDS = {
  AUTHORIZE_URL: 'authorizeUrl',
  TOKEN_URL: 'tokenUrl',
  FHIR_BASE_URL: 'fhirBaseUrl',
  REVOCATION_URL: 'revocationUrl',
  CLIENT_ID: 'clientId',
  CLIENT_SECRET: 'clientSecret',
  SCOPES: 'scopes',
  REDIRECT_URI: 'redirectUri',
} as const satisfies Record<string, keyof InsurerEndpoints>;
const URL_FIELDS = new Set(['AUTHORIZE_URL', 'TOKEN_URL', 'FHIR_BASE_URL', 'REVOCATION_URL', 'REDIRECT_URI']);

/**
 * Each insurer's OAuth and FHIR endpoints. By default they point at the partner sandbox, with the sandbox's
 * client credentials; any of them is overridden by its variable to reach the real insurer.
 */
export function loadInsurersConfig(
  raw: Record<string, string | undefined>,
  // sandboxPublicUrl: the sandbox as the browser reaches it (the sign-in page); sandboxUrl: as the server does.
  defaults: { sandboxUrl: string; sandboxPublicUrl: string; publicUrl: string },
): { insurers: Record<InsurerKey, InsurerEndpoints>; problems: string[] } {
  const problems: string[] = [];
  const insurers = {} as Record<InsurerKey, InsurerEndpoints>;
  for (const key of INSURER_KEYS) {
    const base = `${defaults.sandboxUrl}/insurers/${key}`;
    const fallback: InsurerEndpoints = {
      authorizeUrl: `${defaults.sandboxPublicUrl}/insurers/${key}/authorize`,
      tokenUrl: `${base}/token`,
      fhirBaseUrl: `${base}/fhir`,
      revocationUrl: `${base}/revoke`,
      clientId: `healthlink-${key}`,
      clientSecret: `sandbox-secret-${key}`,
      scopes: 'openid patient/*.read launch/patient offline_access',
      redirectUri: `${defaults.publicUrl}/intermediary/${key}`,
    };
    const endpoints = { ...fallback };
    for (const [suffix, field] of Object.entries(FIELDS)) {
      const name = `${insurerEnvPrefix(key)}${suffix}`;
      const value = raw[name];
      if (value === undefined || value === '') continue;
      if (suffix === 'REVOCATION_URL' && value === 'none') {
        endpoints.revocationUrl = '';
        continue;
      }
      if (URL_FIELDS.has(suffix) && !/^https?:\/\/[^\s]+$/.test(value)) {
        problems.push(`${name}: must be an http(s) URL (got ${JSON.stringify(value)})`);
        continue;
      }
      // Used exactly as given: Blue Button's endpoints end in `/` and answer the path without it with a 301.
      endpoints[field] = value;
    }
    // The sandbox's revocation endpoint only for the sandbox's tokens: a real insurer's tokens and client
    // credentials must never be posted to the sandbox.
    const revocationSet = (raw[`${insurerEnvPrefix(key)}REVOCATION_URL`] ?? '') !== '';
    if (!revocationSet && endpoints.tokenUrl !== fallback.tokenUrl) endpoints.revocationUrl = '';
    insurers[key] = endpoints;
  }
  return { insurers, problems };
}
