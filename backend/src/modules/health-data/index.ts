export { HealthDataModule } from './health-data.module';
export { HealthDataService } from './health-data.service';
export type { IngestResult } from './health-data.service';
export { UserDataCacheModule } from './user-data-cache.module';
export { UserDataReadCacheInterceptor } from './user-data-read-cache.interceptor';
