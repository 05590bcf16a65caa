import { Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';
import { UserDataChangesListener } from '../../health-data';
import { ReferenceDataService } from '../reference-data/reference-data.service';
import { DrugNameIndex } from './drug-name-index';
import { PricesRepository } from './prices.repository';

/**
 * The process's DrugNameIndex (API roles): built once ReferenceDataService has loaded the reference tables at boot
 * (before the app listens), and built
 * again when they change (a NADAC import in this process, or the flush-all NOTIFY the tables' triggers send,
 * migration 1765000000400, which also covers another process's import). While a build runs the previous index
 * answers; before the first one is done `current` is null and the search runs its SQL. Changes during a build
 * start one more build after it (never two at once). A failed build is logged and leaves the previous index; the
 * next change tries again. A notice that changed nothing the index reads (the same reference version: every dataset's
 * hash and load time) keeps the index: a build reads ~50,000 rows and holds the event loop for a large part of a
 * second, so requests would wait on it for nothing.
 */
@Injectable()
export class DrugNameIndexService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DrugNameIndexService.name);
  private index: DrugNameIndex | null = null;
  /** The reference tables' version the index was built from (PricesRepository.referenceVersion). */
  private builtFrom: string | null = null;
  private building: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly repository: PricesRepository,
    private readonly referenceData: ReferenceDataService,
    @Optional() private readonly changes?: UserDataChangesListener,
    @Optional() private readonly config?: ConfigService<AppConfig, true>,
  ) {}

  onModuleInit(): void {
    if (this.config?.get('role', { infer: true }) === 'worker') return; // a worker serves no searches
    this.unsubscribe.push(this.referenceData.onReferenceDataChanged(() => this.rebuild()));
    if (this.changes) this.unsubscribe.push(this.changes.onEveryMemberChanged(() => void this.rebuild()));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }

  /** The index built last, or null before the first build is done. */
  get current(): DrugNameIndex | null {
    return this.index;
  }

  /** Builds the index from the tables; resolves when the build that covers this call's change is done. */
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
      // Read before the rows: an import committed in between makes the next notice build again (never a stale index
      // under a newer version).
      const version = await this.repository.referenceVersion();
      if (this.index && version === this.builtFrom) return;
      const [nadac, rxnorm] = await Promise.all([this.repository.nameIndexNadacRows(), this.repository.nameIndexRxnormRows()]);
      this.index = new DrugNameIndex(nadac, rxnorm);
      this.builtFrom = version;
      this.logger.log({ ...this.index.size, ms: Date.now() - started }, 'drug name index built');
    } catch (error) {
      this.logger.error({ err: error }, 'the drug name index could not be built: searches use the previous one or SQL');
    }
  }
}
