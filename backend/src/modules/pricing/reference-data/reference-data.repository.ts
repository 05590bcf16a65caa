import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PoolClient } from 'pg';
import { copyRows, type CopyValue } from '../../../common/pg-copy';
import { recordDatasetVersion, type DatasetVersion } from '../../../common/reference-datasets';
import type { ReferenceTable } from './reference-tables';

// Any constant works as long as every process uses the same one (distinct from the migrations' lock).
const IMPORT_LOCK_KEY = 7_261_804_114;

export interface LoadedVersion {
  dataset: string;
  sha256: string;
  /** YYYY-MM-DD of the loaded data. */
  asOf: string;
  fileName: string;
}

export type { DatasetVersion };

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

/** The drug reference tables' writes: whole tables replaced in the caller's transaction, and their versions. */
@Injectable()
export class ReferenceDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Waits until no other process is importing, for the rest of the caller's transaction. */
  async lockImports(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
    // Sorting and hashing a few hundred thousand rows at once: in memory, for this transaction only.
    await manager.query(`SET LOCAL work_mem = '64MB'`);
  }

  async loadedVersions(manager: EntityManager = this.dataSource.manager): Promise<LoadedVersion[]> {
    const rows: { dataset: string; sha256: string; as_of: string; file_name: string }[] = await manager.query(
      `SELECT dataset, sha256, to_char(as_of, 'YYYY-MM-DD') AS as_of, file_name FROM reference_datasets ORDER BY dataset`,
    );
    return rows.map((row) => ({ dataset: row.dataset, sha256: row.sha256, asOf: row.as_of, fileName: row.file_name }));
  }

  /**
   * Replaces every row of the table (DELETE, not TRUNCATE: readers keep the old rows until the caller commits),
   * by COPY: several times faster than INSERTs for the few hundred thousand rows of the larger tables.
   */
  async replaceRows(manager: EntityManager, { table, columns, rows }: ReferenceTable): Promise<void> {
    if (!manager.queryRunner) throw new Error("replaceRows runs in the caller's transaction");
    await manager.query(`DELETE FROM ${ident(table)}`);
    const client = (await manager.queryRunner.connect()) as PoolClient;
    await copyRows(client, `COPY ${ident(table)} (${columns.map(ident).join(', ')}) FROM STDIN`, rows);
  }

  /** Replaces the NADAC rows of one source (weekly or history), as replaceRows does a whole table. */
  async replaceNadacRows(manager: EntityManager, source: string, columns: readonly string[], rows: CopyValue[][]): Promise<void> {
    if (!manager.queryRunner) throw new Error("replaceNadacRows runs in the caller's transaction");
    await manager.query('DELETE FROM nadac_prices WHERE source = $1', [source]);
    const client = (await manager.queryRunner.connect()) as PoolClient;
    await copyRows(client, `COPY nadac_prices (${columns.map(ident).join(', ')}) FROM STDIN`, rows);
  }

  /** Fresh planner statistics, so the first reads after a load use the indexes. */
  async analyze(manager: EntityManager, tables: readonly string[]): Promise<void> {
    for (const table of tables) await manager.query(`ANALYZE ${ident(table)}`);
  }

  recordVersion(manager: EntityManager, version: DatasetVersion): Promise<void> {
    return recordDatasetVersion(manager, version);
  }
}
