import { DataSource } from 'typeorm';
import { loadAppConfig } from '../config';
import { createDataSourceOptions, runMigrationsExclusively, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../database';

/**
 * An operator command's database: the one the app uses (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR: the
 * running app's server when `npm start` is up, else started as `npm start` would start it), migrated first (a command run before the app's next boot still finds its tables),
 * closed when `work` ends. `env` replaces the process environment (tests).
 */
export async function withAppDatabase<T>(
  env: Record<string, string | undefined> | undefined,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const config = env ? loadAppConfig(env) : loadAppConfig();
  let embedded: EmbeddedPostgresHandle | undefined;
  let dataSource: DataSource | undefined;
  try {
    let url = config.database.url;
    if (!url) {
      const { embedded: pg } = config.database;
      embedded = await startEmbeddedPostgres({
        dataDir: pg.dataDir,
        port: pg.port,
        password: pg.password,
        persistent: true,
        attachIfRunning: true,
      });
      url = embedded.url;
    }
    dataSource = await new DataSource(createDataSourceOptions(url)).initialize();
    await runMigrationsExclusively(dataSource);
    return await work(dataSource);
  } finally {
    await dataSource?.destroy();
    await embedded?.stop();
  }
}
