import type { DataSource } from 'typeorm';

// Any constant works as long as every process uses the same one.
const MIGRATION_LOCK_KEY = 7_261_804_113;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so API and worker processes that boot
 * together on one database do not race to apply the same migration.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockRunner.release();
  }
}
