import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { pollUntil } from '../../test/utils/poll';
import { testDatabaseUrl } from '../../test/utils/test-database';
import { guardJobSettlement, type Settlement } from './pg-boss-settlement';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored on its port. */
class CuttableRelay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(this.target.port, this.target.host);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.sockets.delete(socket));
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe('a job settled while PostgreSQL is unreachable', () => {
  const schema = `settle_${randomUUID().slice(0, 8)}`;
  const database = new URL(testDatabaseUrl());
  const relay = new CuttableRelay({ host: database.hostname, port: Number(database.port || 5432) });
  const queue = 'settlement-test';
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  const reported: Settlement[] = [];
  let boss: PgBoss;

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    guardJobSettlement((_error, settlement) => reported.push(settlement));
    await relay.open();
    const url = new URL(database);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    boss = new PgBoss({ connectionString: url.toString(), schema, max: 3 });
    boss.on('error', () => undefined); // the worker's polls fail while the relay is cut
    await boss.start();
    await boss.createQueue(queue, { name: queue, retryLimit: 2 });
  });

  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true, timeout: 5_000 }).catch(() => undefined);
    await relay.cut();
    process.off('unhandledRejection', onUnhandled);
    const admin = new Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('is reported, not left as an unhandled rejection that would end the process, and the queue works again after', async () => {
    let finish!: () => void;
    const running = new Promise<void>((started) => {
      const handled: string[] = [];
      void boss.work(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        handled.push(job!.id);
        if (handled.length === 1) {
          started();
          await new Promise<void>((resolve) => (finish = resolve));
        }
      });
    });
    const first = await boss.send(queue, {});
    await running;

    await relay.cut();
    finish(); // the handler returns with the database out of reach: pg-boss's complete() fails
    await pollUntil(
      async () => reported.length,
      (count) => count > 0,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // an unhandled rejection is reported after the microtasks
    expect(reported).toEqual(['complete']);
    expect(unhandled).toEqual([]);

    await relay.open(); // the same port: the pool's next connections reach PostgreSQL again
    const second = await boss.send(queue, {});
    expect(
      (
        await pollUntil(
          () => boss.getJobById(queue, second!),
          (job) => job?.state === 'completed',
        )
      )?.state,
    ).toBe('completed');
    // The first stays active, to be expired and retried by pg-boss: its completion was lost, not invented.
    expect((await boss.getJobById(queue, first!))?.state).toBe('active');
    expect(unhandled).toEqual([]);
  });
});
