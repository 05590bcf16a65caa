import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { NadacFileError, parseNadacFile, type NadacFile } from '../prices/nadac-file';
import { NADAC_HISTORY, NADAC_WEEKLY, parseHistoryRecord } from '../prices/nadac-files';
import { readGzipCsv, ReferenceFileError } from '../../../common/csv';
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
  private readonly readyHandlers = new Set<() => void | Promise<void>>();
  private ready = false;

  constructor(
    private readonly repository: ReferenceDataRepository,
    @Inject(REFERENCE_DATA_DIRECTORY) private readonly directory: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const started = Date.now();
    const outcome = await this.ensureLoaded();
    if (outcome.loaded) this.logger.log({ changedFiles: outcome.changedFiles, ms: Date.now() - started }, 'drug reference data loaded');
    const nadac = await this.ensureNadacLoaded();
    if (nadac.length) this.logger.log({ changedFiles: nadac }, 'NADAC prices loaded');
    this.ready = true;
    // Awaited: what is built from the tables (the drug name index) is ready before the app listens.
    await this.announce();
  }

  /**
   * Calls `handler` once the boot's load is done (at once when it is; the boot waits for it) and after each NADAC
   * import this process makes: what is built from the tables in memory (DrugNameIndex) is built again. Imports by
   * other processes (the data:import CLI) arrive as the flush-all NOTIFY instead
   * (UserDataChangesListener.onEveryMemberChanged). A handler must not throw. Answers the unsubscribe.
   */
  onReferenceDataChanged(handler: () => void | Promise<void>): () => void {
    this.readyHandlers.add(handler);
    if (this.ready) void handler();
    return () => this.readyHandlers.delete(handler);
  }

  private async announce(): Promise<void> {
    await Promise.all([...this.readyHandlers].map((handler) => handler()));
  }

  /**
   * The repo's NADAC copies, each tracked by SHA-256 like the other files, with one rule for the weekly file: the
   * newer "As of Date" wins. Boot loads the repo's weekly copy when the database has none, has an older week, or
   * has an earlier version of this same copy (its file name, another SHA-256); an operator's file of the same or
   * a later week (`npm run data:import -- nadac FILE`) is kept. Answers the files loaded.
   */
  async ensureNadacLoaded(): Promise<string[]> {
    const [weeklyBytes, historyBytes] = await Promise.all(
      [NADAC_WEEKLY.fileName, NADAC_HISTORY.fileName].map((name) => readFile(join(this.directory, name))),
    );
    const weeklySha = sha256(weeklyBytes!);
    const historySha = sha256(historyBytes!);
    // The weekly copy's As of Date is read only when it may be loaded (parsing 30,000 rows at every boot is waste).
    let weekly: NadacFile | undefined;
    const weeklyFile = (): NadacFile => (weekly ??= parseNadacFile(NADAC_WEEKLY.fileName, weeklyBytes!));
    const due = (versions: LoadedVersion[]): string[] => {
      const loaded = new Map(versions.map((version) => [version.dataset, version]));
      const current = loaded.get(NADAC_WEEKLY.dataset);
      const files: string[] = [];
      if (
        !current ||
        (current.sha256 !== weeklySha &&
          (current.asOf < weeklyFile().asOf || (current.asOf === weeklyFile().asOf && current.fileName === NADAC_WEEKLY.fileName)))
      ) {
        files.push(NADAC_WEEKLY.fileName);
      }
      if (loaded.get(NADAC_HISTORY.dataset)?.sha256 !== historySha) files.push(NADAC_HISTORY.fileName);
      return files;
    };
    if (!due(await this.repository.loadedVersions()).length) return [];

    return this.repository.transaction(async (manager) => {
      await this.repository.lockImports(manager);
      const files = due(await this.repository.loadedVersions(manager));
      if (files.includes(NADAC_WEEKLY.fileName)) await this.replaceWeekly(manager, NADAC_WEEKLY.fileName, weeklyFile(), weeklySha);
      if (files.includes(NADAC_HISTORY.fileName)) {
        const rows = readGzipCsv(NADAC_HISTORY.fileName, historyBytes!, NADAC_HISTORY.header).map((record) => {
          try {
            return parseHistoryRecord(record.fields);
          } catch (error) {
            throw new ReferenceFileError(NADAC_HISTORY.fileName, record.line, (error as Error).message);
          }
        });
        await this.repository.replaceNadacRows(
          manager,
          NADAC_HISTORY.source,
          ['ndc11', 'source', 'per_unit', 'effective_date', 'as_of'],
          rows.map((row) => [row.ndc11, NADAC_HISTORY.source, row.perUnit, row.effectiveDate, NADAC_HISTORY.asOf]),
        );
        await this.repository.recordVersion(manager, {
          dataset: NADAC_HISTORY.dataset,
          fileName: NADAC_HISTORY.fileName,
          asOf: NADAC_HISTORY.asOf,
          sha256: historySha,
          rowCount: rows.length,
        });
      }
      if (files.length) await this.repository.analyze(manager, ['nadac_prices']);
      return files;
    });
  }

  /**
   * An operator's weekly NADAC file (CMS's layout, plain or gzip): checked whole, then the weekly rates replaced in
   * one transaction and the file's As of Date and SHA-256 recorded. A file of an older week than the one loaded is
   * refused (the newer As of Date wins, here as at boot); the same week again replaces it (a corrected file).
   */
  async importNadacWeekly(fileName: string, bytes: Buffer): Promise<{ asOf: string; rows: number; replacedAsOf: string | null }> {
    const file = parseNadacFile(fileName, bytes);
    const fileSha = sha256(bytes);
    const outcome = await this.repository.transaction(async (manager) => {
      await this.repository.lockImports(manager);
      const current = (await this.repository.loadedVersions(manager)).find((version) => version.dataset === NADAC_WEEKLY.dataset);
      if (current && current.asOf > file.asOf) {
        throw new NadacFileError(fileName, [
          `its As of Date ${file.asOf} is older than the loaded file's ${current.asOf} (the newer week wins)`,
        ]);
      }
      await this.replaceWeekly(manager, fileName, file, fileSha);
      await this.repository.analyze(manager, ['nadac_prices']);
      return { asOf: file.asOf, rows: file.rows.length, replacedAsOf: current?.asOf ?? null };
    });
    await this.announce();
    return outcome;
  }

  private async replaceWeekly(manager: EntityManager, fileName: string, file: NadacFile, fileSha: string): Promise<void> {
    await this.repository.replaceNadacRows(
      manager,
      NADAC_WEEKLY.source,
      [
        'ndc11',
        'source',
        'per_unit',
        'pricing_unit',
        'effective_date',
        'classification',
        'otc',
        'description',
        'corresponding_generic_per_unit',
        'corresponding_generic_effective_date',
        'as_of',
      ],
      file.rows.map((row) => [
        row.ndc11,
        NADAC_WEEKLY.source,
        row.perUnit,
        row.pricingUnit,
        row.effectiveDate,
        row.classification,
        row.otc ? 't' : 'f',
        row.description,
        row.correspondingGenericPerUnit,
        row.correspondingGenericEffectiveDate,
        file.asOf,
      ]),
    );
    await this.repository.recordVersion(manager, {
      dataset: NADAC_WEEKLY.dataset,
      fileName: basename(fileName),
      asOf: file.asOf,
      sha256: fileSha,
      rowCount: file.rows.length,
    });
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
