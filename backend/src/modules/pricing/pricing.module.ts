import { Module } from '@nestjs/common';
import { UserDataCacheModule } from '../health-data';
import { PricingController } from './pricing.controller';
import { PricingRepository } from './pricing.repository';
import { PricingService } from './pricing.service';
import { ReferenceDataRepository } from './reference-data/reference-data.repository';
import { REFERENCE_DATA_DIRECTORY, ReferenceDataService } from './reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-data/reference-files';

@Module({
  imports: [UserDataCacheModule],
  controllers: [PricingController],
  providers: [
    PricingService,
    PricingRepository,
    ReferenceDataService,
    ReferenceDataRepository,
    { provide: REFERENCE_DATA_DIRECTORY, useValue: REFERENCE_DATA_DIR },
  ],
})
export class PricingModule {}
