export interface SandboxConfig {
  host: string;
  port: number;
  smtpPort: number;
  /**
   * Other origins the sandbox's FHIR servers are known by (SANDBOX_FHIR_ORIGINS, comma-separated): where the
   * backend reaches the sandbox by another name than the browser does (docker-compose's http://sandbox:4100), the
   * `aud` it sends names that origin.
   */
  fhirOrigins: string[];
  /** Where browsers reach the sandbox (SANDBOX_PUBLIC_URL), for links it hands out: the coupon redemption pages. */
  publicUrl?: string;
  /** The bearer key the broker CRM stand-in requires (SANDBOX_CRM_API_KEY; default the backend's default BROKER_CRM_API_KEY). */
  crmApiKey?: string;
  /** The bearer key the AI stand-in requires (SANDBOX_AI_API_KEY; default the backend's default AI_API_KEY). */
  aiApiKey?: string;
}

function port(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a TCP port, got "${raw}"`);
  return value;
}

function origins(name: string, env: NodeJS.ProcessEnv): string[] {
  const raw = env[name] ?? '';
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`${name} must list http(s) origins separated by commas, got "${value}"`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must list http(s) origins, got "${value}"`);
      return url.origin;
    });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    host: env.SANDBOX_HOST || '127.0.0.1',
    port: port('SANDBOX_PORT', 4100, env),
    smtpPort: port('SANDBOX_SMTP_PORT', 2525, env),
    fhirOrigins: origins('SANDBOX_FHIR_ORIGINS', env),
    publicUrl: origins('SANDBOX_PUBLIC_URL', env)[0],
    crmApiKey: env.SANDBOX_CRM_API_KEY || undefined,
    aiApiKey: env.SANDBOX_AI_API_KEY || undefined,
  };
}
