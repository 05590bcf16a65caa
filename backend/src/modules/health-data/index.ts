export { HealthDataModule } from './health-data.module';
export { HealthDataService } from './health-data.service';
// GET /api/userDrugs is served by pricing (it adds the prices): the same query rules.
export { UserDrugsQueryDto } from './dto/health-data.query.dto';
export type { IngestResult } from './health-data.service';
// The Medications a page's requests and dispenses name but do not carry: the insurers' fetch reads them by id.
export { unresolvedMedicationIds } from './fhir-projections';
export { ManualPrescriptionsService, type ManualPrescriptionEntry } from './manual-prescriptions.service';
export { MedicationListService } from './medication-list.service';
export {
  MANUAL_INSURER_KEY,
  MEDICATION_SOURCE_KINDS,
  type MedicationIngredient,
  type MedicationListEntry,
  type MedicationSource,
  type MedicationSourceKind,
} from './medication-list';
export { UserDataCacheModule } from './user-data-cache.module';
export { UserDataReadCacheInterceptor } from './user-data-read-cache.interceptor';
// Pricing rebuilds its drug name index at each flush-all (the reference tables changed).
export { UserDataChangesListener } from './user-data-changes.listener';
export { MemberDiagnosesReader, type MemberDiagnosis } from './member-diagnoses.reader';
export { MemberCareReader, type MemberCareClaim, type MemberCareLine } from './member-care.reader';
export { MemberCodesReader, type MemberCodes } from './member-codes.reader';
