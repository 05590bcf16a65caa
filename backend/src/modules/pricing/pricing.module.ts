import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { HealthDataModule, UserDataCacheModule } from '../health-data';
import { CouponsModule } from './coupons/coupons.module';
import { DrugsService } from './drugs.service';
import { MemberDrugUsesReader } from './member-drug-uses.reader';
import { DrugLookupReader } from './prices/drug-lookup.reader';
import { DrugNameIndexService } from './prices/drug-name-index.service';
import { InteractionListsService } from './interaction-lists.service';
import { PricesRepository } from './prices/prices.repository';
import { PricesService } from './prices/prices.service';
import { PricingController } from './pricing.controller';
import { PricingRepository } from './pricing.repository';
import { PricingService } from './pricing.service';
import { ReferenceDataRepository } from './reference-data/reference-data.repository';
import { REFERENCE_DATA_DIRECTORY, ReferenceDataService } from './reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-data/reference-files';

@Module({
  imports: [AuthModule, HealthDataModule, UserDataCacheModule, CouponsModule],
  controllers: [PricingController],
  providers: [
    PricingService,
    PricingRepository,
    PricesService,
    PricesRepository,
    DrugNameIndexService,
    InteractionListsService,
    DrugsService,
    ReferenceDataService,
    ReferenceDataRepository,
    { provide: REFERENCE_DATA_DIRECTORY, useValue: REFERENCE_DATA_DIR },
    MemberDrugUsesReader,
    DrugLookupReader,
  ],
  exports: [PricesService, MemberDrugUsesReader, DrugLookupReader],
})
export class PricingModule {}
