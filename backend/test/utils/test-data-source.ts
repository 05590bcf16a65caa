import { DataSource } from 'typeorm';
import { createDataSourceOptions } from '../../src/database/data-source-options';
import { testDatabaseUrl } from './test-database';

type Entities = Parameters<typeof createDataSourceOptions>[1];

/** A TypeORM DataSource on the run's (already migrated) test database, for repository integration tests. */
export async function openTestDataSource(entities: Entities): Promise<DataSource> {
  return new DataSource({ ...createDataSourceOptions(testDatabaseUrl(), entities), extra: { max: 2 } }).initialize();
}
