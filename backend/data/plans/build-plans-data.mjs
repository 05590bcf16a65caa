// Rebuilds this folder's trimmed copies of the 2026 Medicare plan data (see README.md here):
//   node backend/data/plans/build-plans-data.mjs [path to shared/data]   (default: ../shared/data beside the repo)
// Output is deterministic (sorted rows, gzip without a name or time), so an unchanged source gives unchanged bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { csvField, parseCsv } from '../../../tools/data/csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? join(here, '../../../../shared/data'));

const read = (path) => {
  const bytes = readFileSync(join(source, path));
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
};

const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const byFields = (a, b) => {
  for (let i = 0; i < a.length; i++) {
    const order = compare(a[i], b[i]);
    if (order) return order;
  }
  return 0;
};

function gzipWrite(name, text, rows) {
  // gzip -n: no name or time in the header (bytes 4-7 are the mtime), so the bytes depend on the content alone.
  const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
  gz.writeUInt32LE(0, 4);
  writeFileSync(join(here, name), gz);
  console.log(`${name}: ${rows} rows, ${gz.length} bytes`);
}

function writeCsv(name, header, rows) {
  rows.sort(byFields);
  gzipWrite(name, [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n', rows.length);
}

// Plan Finder details: every table of every plan's page, as the source parsed it. `source_path` (the scraper's
// file name) is dropped; the summary CSV is not copied because each of its columns is a flattening of these
// tables (its only extra column, `states`, repeats `state_folders`), so the record is built from one source.
const details = read('medicare_plans/plan_finder_plan_details_cy2026.jsonl.gz')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const plan = JSON.parse(line);
    delete plan.source_path;
    return plan;
  })
  .sort((a, b) => byFields([a.contract_id, a.plan_id, a.segment_id], [b.contract_id, b.plan_id, b.segment_id]));
gzipWrite('plan-details_cy2026.jsonl.gz', details.map((plan) => JSON.stringify(plan)).join('\n') + '\n', details.length);

// Landscape plans by state: which plan is sold in which state, its category and type; the name and carrier too,
// because 571 plans have no Plan Finder page and would otherwise be nameless.
const byState = parseCsv(read('medicare_plans/landscape_cy2026_plans_by_state.csv'));
writeCsv(
  'landscape-plans-by-state_cy2026.csv.gz',
  ['bid_id', 'state', 'category', 'plan_type', 'all_counties', 'plan_name', 'carrier'],
  byState.map((r) => [
    r.ContractPlanSegmentID,
    r['State Territory Abbreviation'],
    r['Contract Category Type'],
    r['Plan Type'],
    r.all_counties === 'True' ? 'true' : 'false',
    r['Plan Name'],
    r['Organization Marketing Name'],
  ]),
);

// Plan x county: only the rows that name a county (the all-counties rows repeat the state list's flag). The state is
// the source's, which holds one state per plan (see README): the import places each county in the plan's states.
const counties = parseCsv(read('medicare_plans/landscape_cy2026_plan_counties.csv.gz'));
writeCsv(
  'landscape-plan-counties_cy2026.csv.gz',
  ['bid_id', 'state', 'county'],
  counties.filter((r) => r.county !== '').map((r) => [r.ContractPlanSegmentID, r.state_abbrev, r.county]),
);

// Contract star ratings of 2026: the Plan Finder pages lack some ratings (214 plans show no overall rating that
// the contract has), so the import fills those gaps from here.
const stars = parseCsv(read('medicare_plans/ma_partd_contract_star_ratings_2024_2026.csv'));
writeCsv(
  'star-ratings_2026.csv.gz',
  ['contract_id', 'part_c_stars', 'part_d_stars', 'overall_stars'],
  stars.filter((r) => r.year === '2026').map((r) => [r.contract_id, r.part_c_stars, r.part_d_stars, r.overall_stars]),
);

// NPPES sample: what a doctor search shows (name, credential, practice address and phone, specialty code).
const NPPES_COLUMNS = [
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
];
const providers = parseCsv(read('medicare_plans/nppes_npi_providers_sample.csv'));
writeCsv(
  'nppes-providers-sample_2025-04.csv.gz',
  NPPES_COLUMNS,
  providers.map((r) => NPPES_COLUMNS.map((column) => r[column])),
);

// ZIP -> state(s) and counties, as us_zip_geo writes them (`;`-joined); ZIPs without a county place no plan.
const zips = parseCsv(read('us_zip_geo/us_zip_geo.csv'));
writeCsv(
  'zip-counties_2010.csv.gz',
  ['zip', 'state', 'counties'],
  zips.filter((r) => r.counties !== '').map((r) => [r.zip, r.state, r.counties]),
);
