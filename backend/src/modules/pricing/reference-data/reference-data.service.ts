import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readGzipCsv, ReferenceFileError } from './csv';
import { ReferenceDataRepository, type LoadedVersion } from './reference-data.repository';
import { REFERENCE_FILES, type ReferenceFile, type ReferenceSources } from './reference-files';
import { buildReferenceTables } from './reference-tables';

/** The directory holding the reference files (the module gives backend/data/reference; tests their own). */
export const REFERENCE_DATA_DIRECTORY = Symbol('REFERENCE_DATA_DIRECTORY');

/** Bump when buildReferenceTables changes what it derives, so every database loads again. */
export const DERIVATION_VERSION = 1;
export const DERIVED_DATASET = 'derived';

export interface ImportOutcome {
  /** Whether this call loaded the tables (false: they were current, or another process loaded them meanwhile). */
  loaded: boolean;
  /** The files that differed from what the database had (every one on a first load). */
  changedFiles: string[];
}

const DERIVED_TABLES = ['ndc_drugs', 'ndc_products'];
/** Tables the request paths query right after a load: their statistics are refreshed in the same transaction. */
const HOT_TABLES = ['ndc_drugs', 'rxnorm_concepts', 'drug_interactions'];

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

interface ReadFile {
  key: keyof ReferenceSources;
  file: ReferenceFile<unknown>;
  bytes: Buffer;
  sha256: string;
}

/**
 * Loads the drug reference tables from the repo's compressed copies, once per database and version of the files.
 * Each file's SHA-256 is recorded in reference_datasets, so a boot whose files are loaded costs one small query;
 * when any file changed (or the derivation did), every table is loaded again in one transaction, under an
 * advisory lock: processes booting together load once, and readers see the old tables until it commits.
 *
 * It runs at boot, before the app answers: a missing or malformed file stops the boot, naming the file and line.
 */
@Injectable()
export class ReferenceDataService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReferenceDataService.name);

  constructor(
    private readonly repository: ReferenceDataRepository,
    @Inject(REFERENCE_DATA_DIRECTORY) private readonly directory: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const started = Date.now();
    const outcome = await this.ensureLoaded();
    if (outcome.loaded) this.logger.log({ changedFiles: outcome.changedFiles, ms: Date.now() - started }, 'drug reference data loaded');
  }

  async ensureLoaded(): Promise<ImportOutcome> {
    const files: ReadFile[] = await Promise.all(
      (Object.keys(REFERENCE_FILES) as (keyof ReferenceSources)[]).map(async (key) => {
        const file: ReferenceFile<unknown> = REFERENCE_FILES[key];
        const bytes = await readFile(join(this.directory, file.fileName));
        return { key, file, bytes, sha256: sha256(bytes) };
      }),
    );
    const derivedSha = sha256(`derivation ${DERIVATION_VERSION}\n${files.map((file) => file.sha256).join('\n')}`);
    const changedFiles = (versions: LoadedVersion[]): string[] | null => {
      const loaded = new Map(versions.map((version) => [version.dataset, version.sha256]));
      const changed = files.filter((file) => loaded.get(file.file.dataset) !== file.sha256).map((file) => file.file.fileName);
      return changed.length || loaded.get(DERIVED_DATASET) !== derivedSha ? changed : null;
    };
    if (!changedFiles(await this.repository.loadedVersions())) return { loaded: false, changedFiles: [] };

    return this.repository.transaction(async (manager) => {
      await this.repository.lockImports(manager);
      // Another process may have loaded them while this one waited for the lock.
      const changed = changedFiles(await this.repository.loadedVersions(manager));
      if (!changed) return { loaded: false, changedFiles: [] };

      const sources = Object.fromEntries(files.map((file) => [file.key, this.recordsOf(file)])) as ReferenceSources;
      const tables = buildReferenceTables(sources);
      for (const table of tables) await this.repository.replaceRows(manager, table);
      for (const { key, file, sha256: fileSha } of files) {
        await this.repository.recordVersion(manager, {
          dataset: file.dataset,
          fileName: file.fileName,
          asOf: file.asOf,
          sha256: fileSha,
          rowCount: sources[key].length,
        });
      }
      await this.repository.recordVersion(manager, {
        dataset: DERIVED_DATASET,
        fileName: `ndc_drugs, ndc_products (derivation ${DERIVATION_VERSION})`,
        asOf: files
          .map((file) => file.file.asOf)
          .sort()
          .at(-1)!,
        sha256: derivedSha,
        rowCount: tables.filter((table) => DERIVED_TABLES.includes(table.table)).reduce((sum, table) => sum + table.rows.length, 0),
      });
      await this.repository.analyze(manager, HOT_TABLES);
      return { loaded: true, changedFiles: changed };
    });
  }

  private recordsOf({ file, bytes }: ReadFile): unknown[] {
    return readGzipCsv(file.fileName, bytes, file.header).map((record) => {
      try {
        return file.parse(record.fields);
      } catch (error) {
        throw new ReferenceFileError(file.fileName, record.line, (error as Error).message);
      }
    });
  }
}
