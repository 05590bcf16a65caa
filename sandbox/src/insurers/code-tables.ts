import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from './csv';

/** sandbox/data/insurers, from src/insurers and from dist/insurers alike. */
export const INSURER_DATA_DIR = resolve(__dirname, '..', '..', 'data', 'insurers');

export interface NdcEntry {
  /** 11 digits, no dashes, as NADAC and Blue Button write it. */
  ndc: string;
  description: string;
  nadacPerUnit: number;
  pricingUnit: string;
  brand: boolean;
  /** The care-profiles.json drug group this NDC belongs to. */
  drug: string;
}

export interface CodeEntry {
  code: string;
  display: string;
}

export interface DrugSpec {
  descriptions: string[];
  quantity: number;
  daysSupply: number;
  sig: string;
}

export interface ChronicProfile {
  id: string;
  icd10cm: string[];
  drugs: string[];
  maxDrugs: number;
  hcpcs: string[];
}

export interface AcuteProfile {
  id: string;
  icd10cm: string[];
  drugs: string[];
  hcpcs: string[];
}

export interface CareProfiles {
  drugs: Record<string, DrugSpec>;
  chronic: ChronicProfile[];
  acute: AcuteProfile[];
  emergency: { hcpcs: string[]; ambulance: string[] };
  inpatient: { id: string; icd10cm: string[]; hcpcs: string[] }[];
  preventive: {
    welcomeVisit: string;
    wellnessInitial: string;
    wellnessSubsequent: string;
    wellnessIcd10cm: string[];
    flu: { hcpcs: string[]; icd10cm: string };
    pneumococcal: { hcpcs: string[]; icd10cm: string };
    screenings: { hcpcs: string; icd10cm: string; everyYears: number; sex?: 'female' | 'male' }[];
  };
}

export interface CodeTables {
  ndc: NdcEntry[];
  ndcByDrug: Map<string, NdcEntry[]>;
  icd10cm: Map<string, CodeEntry>;
  hcpcs: Map<string, CodeEntry>;
  profiles: CareProfiles;
}

const readCsvGz = (dir: string, name: string) => parseCsv(gunzipSync(readFileSync(join(dir, name))).toString('utf8'));

const cache = new Map<string, CodeTables>();

/** The shipped code subsets (NADAC NDCs, ICD-10-CM, HCPCS) and the care profiles that tie them together. */
export function loadCodeTables(dir = INSURER_DATA_DIR): CodeTables {
  const cached = cache.get(dir);
  if (cached) return cached;
  const ndc = readCsvGz(dir, 'ndc-common.csv.gz').map((r) => ({
    ndc: r.ndc as string,
    description: r.description as string,
    nadacPerUnit: Number(r.nadac_per_unit),
    pricingUnit: r.pricing_unit as string,
    brand: (r.classification as string).startsWith('B'),
    drug: r.drug as string,
  }));
  const ndcByDrug = new Map<string, NdcEntry[]>();
  for (const entry of ndc) ndcByDrug.set(entry.drug, [...(ndcByDrug.get(entry.drug) ?? []), entry]);
  const tables: CodeTables = {
    ndc,
    ndcByDrug,
    icd10cm: new Map(
      readCsvGz(dir, 'icd10cm-common.csv.gz').map((r) => [r.code as string, { code: r.code as string, display: r.description as string }]),
    ),
    hcpcs: new Map(
      readCsvGz(dir, 'hcpcs-common.csv.gz').map((r) => [
        r.code as string,
        { code: r.code as string, display: r.long_description as string },
      ]),
    ),
    profiles: JSON.parse(readFileSync(join(dir, 'care-profiles.json'), 'utf8')) as CareProfiles,
  };
  cache.set(dir, tables);
  return tables;
}

/** ICD-10-CM as written in claims: a dot after the category (E119 -> E11.9). */
export const dottedIcd10 = (code: string): string => (code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code);
