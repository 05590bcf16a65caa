export interface SandboxConfig {
  host: string;
  port: number;
  smtpPort: number;
}

function port(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a TCP port, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    host: env.SANDBOX_HOST || '127.0.0.1',
    port: port('SANDBOX_PORT', 4100, env),
    smtpPort: port('SANDBOX_SMTP_PORT', 2525, env),
  };
}
