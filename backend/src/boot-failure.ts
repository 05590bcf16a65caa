import { Client } from 'pg';
import { ConfigBootError, ConfigValidationError } from './config';
import { EmbeddedPostgresError } from './database';

/** DATABASE_URL's server did not answer a query at start-up. */
export class DatabaseUnreachableError extends Error {
  constructor(
    /** host:port/database, never the credentials. */
    readonly target: string,
    readonly reason: string,
  ) {
    super(`PostgreSQL at ${target} could not be reached: ${reason}`);
    this.name = 'DatabaseUnreachableError';
  }
}

interface BootContext {
  httpPort?: number;
  embeddedPgPort?: number;
}

const PG_REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers on that port (connection refused)',
  ENOTFOUND: 'its host name is unknown',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'it did not answer in time',
  ECONNRESET: 'it closed the connection',
  '28P01': 'it refused the user name or password',
  '28000': 'it does not let that user connect (pg_hba.conf or the role)',
  '3D000': 'that database does not exist',
  '57P03': 'it is still starting up or shutting down',
};

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  // Node reports a failed connection to every address of a name as an AggregateError.
  const first = (error as { errors?: unknown[] })?.errors?.[0];
  return first === undefined ? undefined : errorCode(first);
}

function targetOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}

/** Connects and asks one query, retrying briefly (a server that is starting); fails with the reason. */
export async function probeDatabase(url: string, attempts = 3, delayMs = 1000): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      const code = errorCode(error);
      const message = String((error as Error)?.message ?? error);
      const reason = (code && PG_REASONS[code]) ?? (/timeout/i.test(message) ? PG_REASONS.ETIMEDOUT : message);
      const retryable = code === undefined || ['ECONNREFUSED', 'ETIMEDOUT', 'ECONNRESET', '57P03', 'EAI_AGAIN'].includes(code);
      if (!retryable || attempt >= attempts) throw new DatabaseUnreachableError(targetOf(url), reason);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, delayMs));
  }
}

function oneLine(text: string): string {
  return text
    .replace(/\s*\n\s*(- )?/g, '; ')
    .replace(/:;/g, ':')
    .trim();
}

/** The one paragraph a failed start ends with: what failed, why, and what to do. Never a stack trace. */
export function describeBootFailure(error: unknown, context: BootContext = {}): string {
  const lead = 'HealthLink did not start:';
  if (error instanceof ConfigValidationError) {
    return (
      `${lead} its configuration is invalid (${error.problems.join('; ')}). ` +
      'Fix these environment variables (see "Configuration" in README.md) and start again.'
    );
  }
  if (error instanceof ConfigBootError) {
    return `${lead} its configuration is incomplete: ${error.message}. Set it (see "Configuration" in README.md) and start again.`;
  }
  if (error instanceof EmbeddedPostgresError) {
    const port = context.embeddedPgPort ? ` (port ${context.embeddedPgPort})` : '';
    return `${lead} the embedded PostgreSQL${port} could not start, because ${error.reason}. ${error.hint}`;
  }
  if (error instanceof DatabaseUnreachableError) {
    return (
      `${lead} PostgreSQL at ${error.target} (DATABASE_URL) could not be reached, because ${error.reason}. ` +
      'Check that the server runs and that DATABASE_URL names it correctly, or unset DATABASE_URL to use the embedded server.'
    );
  }
  const code = errorCode(error);
  const syscall = (error as { syscall?: unknown })?.syscall;
  if (syscall === 'listen' || code === 'EADDRINUSE') {
    const port = (error as { port?: number }).port ?? context.httpPort;
    if (code === 'EADDRINUSE') {
      return `${lead} port ${port} is already in use by another program. Stop that program, or set PORT to a free port.`;
    }
    if (code === 'EACCES') {
      return `${lead} it may not listen on port ${port} (ports below 1024 need privileges). Set PORT to a port above 1023.`;
    }
    if (code === 'EADDRNOTAVAIL') {
      return `${lead} HOST names an address this machine does not have. Set HOST to one of its addresses, or leave it unset.`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${lead} an unexpected error stopped it (${oneLine(message) || 'no message'}). Run it again with LOG_LEVEL=debug for details.`;
}
