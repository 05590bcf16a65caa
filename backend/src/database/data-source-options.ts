import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

// The array form of TypeORM's MixedList (entity classes are given directly, never globs).
type EntityList = Extract<NonNullable<DataSourceOptions['entities']>, readonly unknown[]>;

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
    extra: { max: 10 },
  };
}
