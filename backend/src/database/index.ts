export { DatabaseModule } from './database.module';
export { createDataSourceOptions } from './data-source-options';
export { runMigrationsExclusively } from './migrate';
export { MIGRATIONS } from './migrations';
export { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres';
export type { EmbeddedPostgresHandle, EmbeddedPostgresOptions } from './embedded-postgres';
