import { Injectable, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';
import { UserDataChangesListener } from '../../health-data';
import { ReferenceDataService } from '../reference-data/reference-data.service';
import { ReferenceSnapshotService } from '../reference-data/reference-snapshot.service';
import { DrugNameIndex } from './drug-name-index';
import { PricesRepository } from './prices.repository';

/** The process's DrugNameIndex (API roles), kept as ReferenceSnapshotService says. */
@Injectable()
export class DrugNameIndexService extends ReferenceSnapshotService<DrugNameIndex> {
  protected readonly label = 'drug name index';

  constructor(
    private readonly repository: PricesRepository,
    referenceData: ReferenceDataService,
    @Optional() changes?: UserDataChangesListener,
    @Optional() config?: ConfigService<AppConfig, true>,
  ) {
    super(repository, referenceData, changes, config);
  }

  protected async load(): Promise<{ snapshot: DrugNameIndex; size: Record<string, number> }> {
    const [nadac, rxnorm] = await Promise.all([this.repository.nameIndexNadacRows(), this.repository.nameIndexRxnormRows()]);
    const index = new DrugNameIndex(nadac, rxnorm);
    return { snapshot: index, size: index.size };
  }
}
