import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

// The array form of TypeORM's MixedList (entity classes are given directly, never globs).
type EntityList = Extract<NonNullable<DataSourceOptions['entities']>, readonly unknown[]>;

export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

export function createDataSourceOptions(url: string, entities: EntityList = []): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations: MIGRATIONS,
    // Schema changes only through migrations, run under a lock by runMigrationsExclusively.
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'typeorm_migrations',
    applicationName: 'healthlink-backend',
    // TypeORM's own logger prints failed queries with their parameters (what people typed): errors reach the
    // app's logger through the exception filter and job runner instead, without them.
    logging: false,
    // A database host that stops answering (rather than refusing) must fail a request in seconds (a 503 the
    // web retries), not hold it open until the client gives up.
    extra: { max: 10, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS },
  };
}
