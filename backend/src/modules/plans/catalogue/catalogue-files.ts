import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readGzipCsv, ReferenceFileError } from '../../../common/csv';

/** The repo's own trimmed copies (backend/data/plans, README.md there), the same from src/ and dist/. */
export const PLANS_DATA_DIR = join(__dirname, '..', '..', '..', '..', 'data', 'plans');

/**
 * The date of the plan data: the Plan Finder pages (premiums, cost sharing, stars) as committed on 2026-01-14 (they
 * were saved in January 2026); the county lists come from CMS's CY2026 Landscape file of November 2025.
 */
export const PLANS_DATA_AS_OF = '2026-01-14';

export const PLAN_FILES = {
  details: { dataset: 'plans_details', fileName: 'plan-details_cy2026.jsonl.gz', asOf: PLANS_DATA_AS_OF },
  byState: {
    dataset: 'plans_landscape_states',
    fileName: 'landscape-plans-by-state_cy2026.csv.gz',
    asOf: '2025-11-01',
    header: ['bid_id', 'state', 'category', 'plan_type', 'all_counties', 'plan_name', 'carrier'],
  },
  counties: {
    dataset: 'plans_landscape_counties',
    fileName: 'landscape-plan-counties_cy2026.csv.gz',
    asOf: '2025-11-01',
    header: ['bid_id', 'state', 'county'],
  },
  stars: {
    dataset: 'plans_star_ratings',
    fileName: 'star-ratings_2026.csv.gz',
    asOf: '2025-10-01',
    header: ['contract_id', 'part_c_stars', 'part_d_stars', 'overall_stars'],
  },
  zips: {
    dataset: 'plans_zip_counties',
    fileName: 'zip-counties_2010.csv.gz',
    asOf: '2010-04-01',
    header: ['zip', 'state', 'counties'],
  },
} as const;

export const NPPES_FILE = {
  fileName: 'nppes-providers-sample_2025-04.csv.gz',
  asOf: '2025-04-01',
  header: [
    'npi',
    'entity_type_code',
    'organization_name',
    'last_name',
    'first_name',
    'middle_name',
    'name_prefix',
    'name_suffix',
    'credential',
    'practice_address_1',
    'practice_address_2',
    'practice_city',
    'practice_state',
    'practice_zip5',
    'practice_phone',
    'primary_taxonomy_code',
  ],
} as const;

/** One row of a Plan Finder table: the row's label, its cells, and the page's "Limits apply" notes. */
export interface PageRow {
  item: string;
  values: string[];
  flags?: string[];
}
export interface PageTable {
  section: string;
  table: string;
  header: string[];
  rows: PageRow[];
}
/** One plan's Plan Finder page as the source parsed it (the JSONL record, `source_path` dropped). */
export interface PlanDetailsRecord {
  contract_id: string;
  plan_id: string;
  segment_id: string;
  plan_name: string;
  plan_type_label: string;
  organization_marketing_name: string;
  parent_organization: string | null;
  state_folders: string[];
  /** [[heading, stars]]: "Overall star rating", "Summary rating of health plan quality", "... drug plan quality". */
  star_ratings: [string, string][];
  tables: PageTable[];
  source_url: string | null;
}

/** A plan of the Landscape state lists: sold in `state`, in every county or in those the county list names. */
export interface LandscapeListing {
  bidId: string;
  state: string;
  category: string;
  planType: string;
  allCounties: boolean;
  planName: string;
  carrier: string;
}
export interface LandscapeCountyRow {
  bidId: string;
  /** As the source labels it: one state per plan, see service-areas.ts. */
  state: string;
  county: string;
}
/** Contract star ratings of 2026 as published ("" or words such as "Not enough data available": null). */
export interface ContractStars {
  contractId: string;
  healthPlan: number | null;
  drugPlan: number | null;
  overall: number | null;
}

const BID_ID = /^[HRSE]\d{4}_\d{3}_\d{1,3}$/;
const STATE = /^[A-Z]{2}$/;

function check(ok: boolean, fileName: string, line: number, problem: string): void {
  if (!ok) throw new ReferenceFileError(fileName, line, problem);
}

/** Stars as a number; any text that is not one ("Not enough data available", "") is null. */
export function starsOf(text: string | undefined): number | null {
  const value = text?.trim() ?? '';
  if (!/^\d(\.\d+)?$/.test(value)) return null;
  const stars = Number(value);
  return stars >= 1 && stars <= 5 ? stars : null;
}

export function readPlanDetails(bytes: Buffer, fileName: string = PLAN_FILES.details.fileName): PlanDetailsRecord[] {
  const lines = gunzipSync(bytes).toString('utf8').split('\n');
  const records: PlanDetailsRecord[] = [];
  lines.forEach((text, index) => {
    if (!text) return;
    let record: PlanDetailsRecord;
    try {
      record = JSON.parse(text) as PlanDetailsRecord;
    } catch (error) {
      throw new ReferenceFileError(fileName, index + 1, `not JSON: ${(error as Error).message}`);
    }
    const bidId = `${record.contract_id}_${record.plan_id}_${record.segment_id}`;
    check(BID_ID.test(bidId), fileName, index + 1, `"${bidId}" is not a plan id`);
    check(typeof record.plan_name === 'string' && record.plan_name !== '', fileName, index + 1, 'plan_name is empty');
    check(Array.isArray(record.tables) && Array.isArray(record.star_ratings), fileName, index + 1, 'tables or star_ratings missing');
    records.push(record);
  });
  return records;
}

export function readPlansByState(bytes: Buffer): LandscapeListing[] {
  const { fileName, header } = PLAN_FILES.byState;
  return readGzipCsv(fileName, bytes, header).map(({ line, fields }) => {
    const [bidId, state, category, planType, allCounties, planName, carrier] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    check(BID_ID.test(bidId), fileName, line, `"${bidId}" is not a plan id`);
    check(STATE.test(state), fileName, line, `"${state}" is not a state code`);
    check(allCounties === 'true' || allCounties === 'false', fileName, line, `all_counties "${allCounties}" is not true or false`);
    return { bidId, state, category, planType, allCounties: allCounties === 'true', planName, carrier };
  });
}

export function readPlanCounties(bytes: Buffer): LandscapeCountyRow[] {
  const { fileName, header } = PLAN_FILES.counties;
  return readGzipCsv(fileName, bytes, header).map(({ line, fields }) => {
    const [bidId, state, county] = fields as [string, string, string];
    check(BID_ID.test(bidId), fileName, line, `"${bidId}" is not a plan id`);
    check(STATE.test(state), fileName, line, `"${state}" is not a state code`);
    check(county.trim() !== '', fileName, line, 'county is empty');
    return { bidId, state, county: county.trim() };
  });
}

export function readStarRatings(bytes: Buffer): ContractStars[] {
  const { fileName, header } = PLAN_FILES.stars;
  return readGzipCsv(fileName, bytes, header).map(({ line, fields }) => {
    const [contractId, partC, partD, overall] = fields as [string, string, string, string];
    check(/^[HRSE]\d{4}$/.test(contractId), fileName, line, `"${contractId}" is not a contract id`);
    return { contractId, healthPlan: starsOf(partC), drugPlan: starsOf(partD), overall: starsOf(overall) };
  });
}
