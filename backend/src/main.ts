import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { createHttpApp, createWorkerContext } from './app.factory';
import { AppConfig, loadAppConfig } from './config';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from './database';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadAppConfig();
  } catch (error) {
    // Boot failure: say what is wrong and stop, before anything is started.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const log = pino({ level: config.log.level, base: { pid: process.pid, role: config.role } });

  let embedded: EmbeddedPostgresHandle | undefined;
  let app: INestApplicationContext | undefined;
  let stopping = false;
  const shutdown = async (reason: string, exitCode: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    try {
      await app?.close();
    } catch (error) {
      log.error({ err: error }, 'error while closing the app');
    }
    await embedded?.stop().catch((error: unknown) => log.error({ err: error }, 'error while stopping PostgreSQL'));
    process.exit(exitCode);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal, 0));

  try {
    if (!config.database.url) {
      const { embedded: pg } = config.database;
      log.info({ dataDir: pg.dataDir, port: pg.port }, 'DATABASE_URL not set: starting embedded PostgreSQL');
      embedded = await startEmbeddedPostgres({ dataDir: pg.dataDir, port: pg.port, password: pg.password, persistent: true });
      config = { ...config, database: { ...config.database, url: embedded.url } };
      log.info({ port: pg.port }, 'embedded PostgreSQL is ready');
    }
    if (config.role === 'worker') {
      app = await createWorkerContext(config);
      log.info('worker started');
    } else {
      const http: NestFastifyApplication = await createHttpApp(config);
      app = http;
      await http.listen({ port: config.http.port, host: config.http.host });
      log.info({ url: await http.getUrl() }, 'listening');
    }
  } catch (error) {
    log.fatal({ err: error }, 'boot failed');
    await shutdown('boot failure', 1);
  }
}

void main();
