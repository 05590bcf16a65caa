export { PricingModule } from './pricing.module';
// NDCs in every printed form, for any module that takes one (a malformed one is a 400: requireNdc).
export { ndcCandidates, normalizeNdc, type NdcParse } from './ndc';
export { requireNdc } from './pricing.errors';
// `npm run data:import -- nadac FILE` (src/cli): the weekly CMS NADAC file, loaded like the boot loader does.
export { importNadacFile, NadacFileError } from './reference-data/nadac-import';
// The member's drugs over a period, priced, for the plans' ranking.
export { MemberDrugUsesReader, type DrugKind, type MemberDrugUse } from './member-drug-uses.reader';
// A drug by name with its 30-day price, for the plans' drug cost search.
export { DrugLookupReader, type LookedUpDrugCost } from './prices/drug-lookup.reader';
// The public drug name search's fast path (app.factory.ts).
export { DrugsService } from './drugs.service';
