import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGzipCsv } from '../../../common/csv';

/**
 * The AI module's reference tables (backend/data/reference, rebuilt by build-ai-reference.mjs), read into memory once
 * per process on first use (about 100,000 short rows). Read-only lookups by key: kept out of PostgreSQL for the same
 * reason as the trials module's ICD-10-CM copy.
 */
export const AI_REFERENCE_DIR = join(__dirname, '..', '..', '..', '..', 'data', 'reference');

/** A reference dataset as an answer names it (contract AiSource, provider offline). */
export interface ReferenceDataset {
  name: string;
  asOf: string;
}

export const DATASETS = {
  icd10cm: { name: 'ICD-10-CM FY2022 (CDC/NCHS)', asOf: '2021-10-01' },
  hcpcs: { name: 'HCPCS Level II 2020 (CMS)', asOf: '2020-01-01' },
  uspstf: { name: 'USPSTF A and B recommendations (Prevention TaskForce snapshot)', asOf: '2025-07-19' },
  medlineplus: { name: 'MedlinePlus health topics (NLM, via MedQuAD)', asOf: '2019-01-25' },
} as const satisfies Record<string, ReferenceDataset>;

/**
 * The `model` under which offline definitions are cached in `code_definitions`: change it with the reference files or
 * the offline rules, and the stored definitions are computed again.
 */
export const OFFLINE_DEFINITIONS_VERSION = 'offline:icd10cm-fy2022+hcpcs-2020+medlineplus-2019+v1';

export const ICD10CM_ALL_FILE = 'icd10cm-all_fy2022.csv.gz';
export const ICD10CM_CHAPTERS_FILE = 'icd10cm-chapters_fy2022.csv.gz';
export const HCPCS_FILE = 'hcpcs-level2_2020.csv.gz';
export const USPSTF_FILE = 'uspstf-ab_2025-07.csv.gz';
export const MEDLINEPLUS_FILE = 'medlineplus-topics_2019-01.csv.gz';

/**
 * The headers of the files build-ai-reference.mjs writes, kept in one place that both read: the build writes them,
 * the loader checks each file against them (a different header stops the load, naming the file).
 */
export const AI_REFERENCE_HEADERS_FILE = 'ai-reference-headers.json';

function headerOf(dir: string, file: string): string[] {
  const headers = JSON.parse(readFileSync(join(dir, AI_REFERENCE_HEADERS_FILE), 'utf8')) as Record<string, unknown>;
  const header = headers[file];
  if (!Array.isArray(header) || !header.every((name) => typeof name === 'string'))
    throw new Error(`${AI_REFERENCE_HEADERS_FILE}: no header for ${file}`);
  return header as string[];
}

function readReferenceCsv(dir: string, file: string, header: readonly string[] = headerOf(dir, file)): string[][] {
  return readGzipCsv(file, readFileSync(join(dir, file)), header).map((record) => record.fields);
}

/** A file's records as objects keyed by its header's names. */
function readReferenceRows(dir: string, file: string): Record<string, string | undefined>[] {
  const header = headerOf(dir, file);
  return readReferenceCsv(dir, file, header).map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i]!])));
}

export interface IcdChapter {
  title: string;
  first: string;
  last: string;
}

/** Every ICD-10-CM FY2022 code (no dot) with its official long name, and the chapters. */
export class IcdNames {
  constructor(
    private readonly names: ReadonlyMap<string, string>,
    private readonly chapters: readonly IcdChapter[],
  ) {}

  static load(dir = AI_REFERENCE_DIR): IcdNames {
    const names = new Map(readReferenceCsv(dir, ICD10CM_ALL_FILE).map(([code, name]) => [code!, name!]));
    // Written by build-trials-reference.mjs (the trials module's copy), with its own header.
    const chapters = readReferenceCsv(dir, ICD10CM_CHAPTERS_FILE, ['chapter', 'title', 'first', 'last']).map(([, title, first, last]) => ({
      title: title!,
      first: first!,
      last: last!,
    }));
    return new IcdNames(names, chapters);
  }

  nameOf(code: string): string | null {
    return this.names.get(code) ?? null;
  }

  /** The names of the code's listed ancestors, nearest first (E1165 -> E116, E11). */
  ancestorsOf(code: string): string[] {
    const found: string[] = [];
    for (let len = code.length - 1; len >= 3; len--) {
      const name = this.names.get(code.slice(0, len));
      if (name) found.push(name);
    }
    return found;
  }

  chapterOf(code: string): IcdChapter | null {
    const category = code.slice(0, 3);
    return this.chapters.find((c) => category >= c.first && category <= c.last) ?? null;
  }
}

export interface HcpcsCode {
  shortName: string;
  longName: string;
}

/** HCPCS Level II procedure and supply codes (CMS 2020). */
export class HcpcsNames {
  constructor(private readonly codes: ReadonlyMap<string, HcpcsCode>) {}

  static load(dir = AI_REFERENCE_DIR): HcpcsNames {
    return new HcpcsNames(
      new Map(
        readReferenceCsv(dir, HCPCS_FILE).map(([code, shortName, longName]) => [code!, { shortName: shortName!, longName: longName! }]),
      ),
    );
  }

  get(code: string): HcpcsCode | null {
    return this.codes.get(code) ?? null;
  }
}

export interface UspstfRecommendation {
  id: string;
  grade: 'A' | 'B';
  topic: string;
  serviceType: string;
  population: string;
  sex: 'all' | 'female' | 'male';
  ageMin: number;
  ageMax: number;
  riskGroup: string | null;
  bmiGroup: string | null;
  releaseDate: string | null;
  url: string | null;
  recommendation: string;
}

export function loadUspstf(dir = AI_REFERENCE_DIR): UspstfRecommendation[] {
  return readReferenceRows(dir, USPSTF_FILE).map((r) => ({
    id: r.id!,
    grade: r.grade as 'A' | 'B',
    topic: r.topic!,
    serviceType: r.service_type!,
    population: r.population!,
    sex: r.sex as UspstfRecommendation['sex'],
    ageMin: Number(r.age_min),
    ageMax: Number(r.age_max),
    riskGroup: r.risk_group || null,
    bmiGroup: r.bmi_group || null,
    releaseDate: r.release_date || null,
    url: r.url || null,
    recommendation: r.recommendation!,
  }));
}

export interface MedlineTopic {
  id: string;
  title: string;
  url: string;
  category: string;
  synonyms: string[];
  summary: string;
}

export function loadMedlineTopics(dir = AI_REFERENCE_DIR): MedlineTopic[] {
  return readReferenceCsv(dir, MEDLINEPLUS_FILE).map((f) => ({
    id: f[0]!,
    title: f[1]!,
    url: f[2]!,
    category: f[3]!,
    synonyms: f[4] ? f[4].split('|') : [],
    summary: f[5]!,
  }));
}
