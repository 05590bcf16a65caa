import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createDataSourceOptions, DATABASE_CONNECT_TIMEOUT_MS } from './data-source-options';

describe('database connection settings', () => {
  let silent: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never answers: a database host that hangs instead of refusing.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on a database that does not answer within the connect timeout', async () => {
    const { port } = silent.address() as AddressInfo;
    const dataSource = new DataSource(createDataSourceOptions(`postgresql://postgres@127.0.0.1:${port}/healthlink`));
    const started = Date.now();
    await expect(dataSource.initialize()).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 3_000);
  }, 20_000);
});
