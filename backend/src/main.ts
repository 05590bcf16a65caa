import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { createHttpApp, createWorkerContext } from './app.factory';
import { logSafeErrorSerializer } from './common/errors/log-safe-error';
import { logTransport } from './common/logging';
import { describeBootFailure, probeDatabase } from './boot-failure';
import { AppConfig, loadAppConfig } from './config';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from './database';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadAppConfig();
  } catch (error) {
    // Boot failure: say what is wrong and stop, before anything is started.
    process.stderr.write(`${describeBootFailure(error)}\n`);
    process.exit(1);
  }
  // The same error serializer as the app's logger: no SQL, parameters or driver details.
  const log = pino({
    level: config.log.level,
    base: { pid: process.pid, role: config.role },
    serializers: { err: logSafeErrorSerializer },
    transport: logTransport(config.log.format),
  });

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

  const context = { httpPort: config.http.port, embeddedPgPort: config.database.url ? undefined : config.database.embedded.port };
  // Every start-up failure, even one thrown outside the awaited chain, ends with one paragraph on stderr.
  const failBoot = async (error: unknown): Promise<void> => {
    process.stderr.write(`${describeBootFailure(error, context)}\n`);
    log.debug({ err: error }, 'boot failed');
    await shutdown('boot failure', 1);
  };
  const onStrayError = (error: unknown): void => void failBoot(error);
  process.on('uncaughtException', onStrayError);
  process.on('unhandledRejection', onStrayError);

  try {
    if (!config.database.url) {
      const { embedded: pg } = config.database;
      log.info({ port: pg.port }, 'DATABASE_URL not set: starting embedded PostgreSQL');
      embedded = await startEmbeddedPostgres({
        dataDir: pg.dataDir,
        port: pg.port,
        password: pg.password,
        persistent: true,
        onLog: (message) => log.debug({ postgres: message.trim() }, 'embedded PostgreSQL'),
      });
      config = { ...config, database: { ...config.database, url: embedded.url } };
      log.info({ port: pg.port, dataDir: embedded.dataDir }, 'embedded PostgreSQL is ready');
    } else {
      await probeDatabase(config.database.url);
    }
    if (config.role === 'worker') {
      app = await createWorkerContext(config);
      log.info('worker started');
    } else {
      const http: NestFastifyApplication = await createHttpApp(config);
      app = http;
      await http.listen({ port: config.http.port, host: config.http.host });
      log.info({ url: await http.getUrl() }, 'listening');
      // Production with a partner left to the sandbox shows members made-up prices, trials or insurers: say so loudly.
      if (config.env === 'production' && config.sandboxPartners.length) {
        log.warn(
          { partners: config.sandboxPartners },
          "these partners are the sandbox's stand-ins, not real services: see README's 'Pointing at the real partners'",
        );
      }
    }
    process.removeListener('uncaughtException', onStrayError);
    process.removeListener('unhandledRejection', onStrayError);
  } catch (error) {
    await failBoot(error);
  }
}

void main();
