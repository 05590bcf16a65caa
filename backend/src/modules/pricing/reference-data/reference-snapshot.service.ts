import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';
import type { UserDataChangesListener } from '../../health-data';
import type { ReferenceDataService } from './reference-data.service';

/** Where a snapshot's rows come from, and the version of the drug tables (PricesRepository.referenceVersion). */
export interface SnapshotSource {
  referenceVersion(): Promise<string>;
}

/**
 * Something an API process keeps in memory, built from the drug reference tables (the drug name index, the
 * interaction lists): built once ReferenceDataService has loaded the tables at boot (before the app listens), and
 * built again when they change (an import in this process, or the flush-all NOTIFY the tables' triggers send,
 * migration 1765000000400, which also covers another process's import). While a build runs the previous snapshot
 * answers; before the first one is done `current` is null and callers use SQL. Changes during a build start one more
 * build after it (never two at once). A failed build is logged and leaves the previous snapshot; the next change
 * tries again. A notice that changed nothing (the same version: each drug dataset's hash and load time) keeps the
 * snapshot: a build reads the tables again and may hold the event loop, so requests would wait on it for nothing.
 */
export abstract class ReferenceSnapshotService<T> implements OnModuleInit, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private snapshot: T | null = null;
  /** The version the snapshot was built from. */
  private builtFrom: string | null = null;
  private building: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];

  protected constructor(
    private readonly source: SnapshotSource,
    private readonly referenceData: ReferenceDataService,
    private readonly changes?: UserDataChangesListener,
    private readonly config?: ConfigService<AppConfig, true>,
  ) {}

  /** Reads the tables and builds the snapshot; answers it and what the log says of its size. */
  protected abstract load(): Promise<{ snapshot: T; size: Record<string, number> }>;

  /** What the log calls it ("drug name index"). */
  protected abstract readonly label: string;

  onModuleInit(): void {
    if (this.config?.get('role', { infer: true }) === 'worker') return; // a worker serves no reads
    this.unsubscribe.push(this.referenceData.onReferenceDataChanged(() => this.rebuild()));
    if (this.changes) this.unsubscribe.push(this.changes.onEveryMemberChanged(() => void this.rebuild()));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }

  /** The snapshot built last, or null before the first build is done. */
  get current(): T | null {
    return this.snapshot;
  }

  /** Builds the snapshot from the tables; resolves when the build that covers this call's change is done. */
  rebuild(): Promise<void> {
    if (this.building) {
      this.again = true;
      return this.building;
    }
    this.building = (async () => {
      do {
        this.again = false;
        if (this.stopped) break;
        await this.build();
      } while (this.again);
    })().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(): Promise<void> {
    const started = Date.now();
    try {
      // Read before the rows: an import committed in between makes the next notice build again (never a stale
      // snapshot under a newer version).
      const version = await this.source.referenceVersion();
      if (this.snapshot !== null && version === this.builtFrom) return;
      const { snapshot, size } = await this.load();
      this.snapshot = snapshot;
      this.builtFrom = version;
      this.logger.log({ ...size, ms: Date.now() - started }, `${this.label} built`);
    } catch (error) {
      this.logger.error({ err: error }, `the ${this.label} could not be built: reads use the previous one or SQL`);
    }
  }
}
