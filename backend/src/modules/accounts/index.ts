export { AccountsModule } from './accounts.module';
export { PatientInfoRepository } from './patient-info.repository';
export type { PatientInfoColumns } from './patient-info.repository';
