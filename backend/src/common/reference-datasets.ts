import type { EntityManager } from 'typeorm';

/** One loaded reference file, as `reference_datasets` records it (the drug tables' and the plan catalogue's). */
export interface DatasetVersion {
  dataset: string;
  fileName: string;
  /** YYYY-MM-DD of the data itself. */
  asOf: string;
  sha256: string;
  rowCount: number;
}

/** Records (or replaces) a dataset's version, in the caller's transaction: the import and its record commit together. */
export async function recordDatasetVersion(manager: EntityManager, version: DatasetVersion): Promise<void> {
  await manager.query(
    `INSERT INTO reference_datasets (dataset, file_name, as_of, sha256, row_count, loaded_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (dataset) DO UPDATE
       SET file_name = EXCLUDED.file_name, as_of = EXCLUDED.as_of, sha256 = EXCLUDED.sha256,
           row_count = EXCLUDED.row_count, loaded_at = EXCLUDED.loaded_at`,
    [version.dataset, version.fileName, version.asOf, version.sha256, version.rowCount],
  );
}
