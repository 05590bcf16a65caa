export { PricingModule } from './pricing.module';
// NDCs in every printed form, for any module that takes one (a malformed one is a 400: requireNdc).
export { ndcCandidates, normalizeNdc, type NdcParse } from './ndc';
export { requireNdc } from './pricing.errors';
// `npm run data:import -- nadac FILE` (src/cli): the weekly CMS NADAC file, loaded like the boot loader does.
export { importNadacFile, NadacFileError } from './reference-data/nadac-import';
