import { INSURER_KEYS, type InsurerKey } from '@healthlink/contracts';

export interface InsurerEndpoints {
  /** Empty when it comes from SMART discovery (see `discovery`). */
  authorizeUrl: string;
  /** Empty when it comes from SMART discovery (see `discovery`). */
  tokenUrl: string;
  /** Also the `aud` of the authorize request, exactly as configured. */
  fhirBaseUrl: string;
  /**
   * RFC 7009 token revocation; empty when the insurer offers none (`none`), when the token URL points at a real
   * insurer and no revocation URL is configured, or when it comes from discovery.
   */
  revocationUrl: string;
  clientId: string;
  clientSecret: string;
  /** Empty: the SMART scopes for the insurer's fetch set are built for each authorize request. */
  scopes: string;
  redirectUri: string;
  /**
   * Set when the FHIR base is configured and the authorize or token URL is not: the missing endpoints are read from
   * `{fhirBaseUrl}/.well-known/smart-configuration` (SMART App Launch 2); configured URLs still win. `revocation`
   * is false when REVOCATION_URL is `none`.
   */
  discovery?: { insurer: InsurerKey; revocation: boolean };
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
} as const satisfies Record<string, Exclude<keyof InsurerEndpoints, 'discovery'>>;
const URL_FIELDS = new Set(['AUTHORIZE_URL', 'TOKEN_URL', 'FHIR_BASE_URL', 'REVOCATION_URL', 'REDIRECT_URI']);

/**
 * Each insurer's OAuth and FHIR endpoints. By default they point at the partner sandbox, with the sandbox's
 * client credentials; any of them is overridden by its variable to reach the real insurer. An insurer whose
 * FHIR base is configured and whose authorize or token URL is not discovers them from its FHIR server: never
 * the sandbox's endpoints for a real insurer's server.
 */
export function loadInsurersConfig(
  raw: Record<string, string | undefined>,
  // sandboxPublicUrl: the sandbox as the browser reaches it (the sign-in page); sandboxUrl: as the server does.
  defaults: { sandboxUrl: string; sandboxPublicUrl: string; publicUrl: string },
): { insurers: Record<InsurerKey, InsurerEndpoints>; problems: string[] } {
  const problems: string[] = [];
  const insurers = {} as Record<InsurerKey, InsurerEndpoints>;
  for (const key of INSURER_KEYS) {
    const prefix = insurerEnvPrefix(key);
    const given = (suffix: keyof typeof FIELDS) => (raw[`${prefix}${suffix}`] ?? '') !== '';
    const base = `${defaults.sandboxUrl}/insurers/${key}`;
    const fallback: InsurerEndpoints = {
      authorizeUrl: `${defaults.sandboxPublicUrl}/insurers/${key}/authorize`,
      tokenUrl: `${base}/token`,
      fhirBaseUrl: `${base}/fhir`,
      revocationUrl: `${base}/revoke`,
      clientId: `healthlink-${key}`,
      clientSecret: `sandbox-secret-${key}`,
      scopes: '',
      redirectUri: `${defaults.publicUrl}/intermediary/${key}`,
    };
    const discover = given('FHIR_BASE_URL') && (!given('AUTHORIZE_URL') || !given('TOKEN_URL'));
    const endpoints: InsurerEndpoints = discover
      ? { ...fallback, authorizeUrl: '', tokenUrl: '', revocationUrl: '', discovery: { insurer: key, revocation: true } }
      : { ...fallback };
    for (const [suffix, field] of Object.entries(FIELDS)) {
      const name = `${prefix}${suffix}`;
      const value = raw[name];
      if (value === undefined || value === '') continue;
      if (suffix === 'REVOCATION_URL' && value === 'none') {
        endpoints.revocationUrl = '';
        if (endpoints.discovery) endpoints.discovery.revocation = false;
        continue;
      }
      if (URL_FIELDS.has(suffix) && !/^https?:\/\/[^\s]+$/.test(value)) {
        problems.push(`${name}: must be an http(s) URL (got ${JSON.stringify(value)})`);
        continue;
      }
      // Used exactly as given: Blue Button's endpoints end in `/` and answer the path without it with a 301.
      endpoints[field] = value;
    }
    // The sandbox's client must never be presented to a real insurer's server.
    for (const suffix of ['CLIENT_ID', 'CLIENT_SECRET'] as const) {
      if (discover && !given(suffix)) {
        problems.push(`${prefix}${suffix}: required when ${prefix}FHIR_BASE_URL is set without the authorize and token URLs`);
      }
    }
    // The sandbox's revocation endpoint only for the sandbox's tokens: a real insurer's tokens and client
    // credentials must never be posted to the sandbox.
    if (!discover && !given('REVOCATION_URL') && endpoints.tokenUrl !== fallback.tokenUrl) endpoints.revocationUrl = '';
    insurers[key] = endpoints;
  }
  return { insurers, problems };
}
