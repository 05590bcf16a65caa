import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort } from '../utils/ports';
import { spawnBackend, tempDataDir } from '../utils/processes';

jest.setTimeout(90_000);

// A failed start ends with one paragraph on stderr (what failed, why, what to do), never a stack trace.
describe('boot failures (dist/main.js)', () => {
  let dataDir: string;
  let listener: Server | undefined;
  beforeEach(() => {
    dataDir = tempDataDir('healthlink-boot-');
  });
  afterEach(async () => {
    await new Promise((r) => (listener ? listener.close(r) : r(undefined)));
    listener = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const port = String(await freePort());
    const proc = spawnBackend({ NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: port, DATA_DIR: dataDir, ...env });
    const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
    return { code, output: proc.output() };
  }

  function expectOneParagraph(output: string, ...parts: RegExp[]): void {
    const paragraphs = output.split('\n').filter((line) => line.startsWith('HealthLink did not start:'));
    expect(paragraphs).toHaveLength(1);
    for (const part of parts) expect(paragraphs[0]).toMatch(part);
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  }

  it('the embedded PostgreSQL port is taken', async () => {
    const port = await freePort();
    listener = createServer();
    await new Promise<void>((r) => listener!.listen(port, '127.0.0.1', r));
    const { code, output } = await failedStart({ EMBEDDED_PG_PORT: String(port) });
    expect(code).toBe(1);
    expectOneParagraph(output, /embedded PostgreSQL/, new RegExp(`port ${port} is already in use`), /set EMBEDDED_PG_PORT to a free port/);
  });

  it('DATABASE_URL names a server that does not answer', async () => {
    const port = await freePort();
    const { code, output } = await failedStart({ DATABASE_URL: `postgresql://app:hunter2-secret@127.0.0.1:${port}/healthlink` });
    expect(code).toBe(1);
    expectOneParagraph(output, new RegExp(`127\\.0\\.0\\.1:${port}/healthlink`), /connection refused/, /DATABASE_URL/);
    expect(output).not.toContain('hunter2-secret');
  });

  it('the configuration is invalid', async () => {
    const { code, output } = await failedStart({ PORT: 'eighty', EMBEDDED_PG_PORT: '0' });
    expect(code).toBe(1);
    expectOneParagraph(output, /configuration is invalid/, /PORT/, /EMBEDDED_PG_PORT/);
  });
});
