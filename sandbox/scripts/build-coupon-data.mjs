// Rebuilds sandbox/data/coupons/coupon-prices.csv.gz from the CMS NADAC weekly file in the shared reference data
// (see sandbox/data/SOURCE.md). Not used at run time or in tests: the coupon stand-in reads only the file this writes.
//   node sandbox/scripts/build-coupon-data.mjs [/path/to/shared/data]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { csvField, parseCsv } from '../../tools/data/csv.mjs';

const SHARED = process.argv[2] ?? process.env.SHARED_DATA ?? '/work/shared/data';
const SOURCE = join(SHARED, 'ndc', 'nadac_2026-04-29.csv.gz');
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'coupons');

const isoDate = (us) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(us);
  if (!m) throw new Error(`not an MM/DD/YYYY date: "${us}"`);
  return `${m[3]}-${m[1]}-${m[2]}`;
};
// "LIPITOR 10 MG TABLET" -> "10 MG TABLET": strength and form, compared between a brand and its generic.
const strengthAndForm = (description) => {
  const at = description.search(/\d/);
  return at < 0 ? '' : description.slice(at);
};

const nadac = parseCsv(gunzipSync(readFileSync(SOURCE)).toString('utf8'));
// Prescription drugs only: a coupon card prices what a pharmacist dispenses on a prescription.
const rx = nadac.filter((r) => r.OTC === 'N' && /^\d{11}$/.test(r.NDC) && Number(r['NADAC Per Unit']) > 0);
const asOf = isoDate(rx[0]['As of Date']);

// One row per description and rate: the NDCs sharing it in one field.
const groups = new Map();
for (const r of rx) {
  const key = [
    r['NDC Description'],
    r['NADAC Per Unit'],
    r['Pricing Unit'],
    r['Classification for Rate Setting'],
    r['Effective Date'],
  ].join('\u0000');
  const group = groups.get(key) ?? { r, ndcs: [] };
  group.ndcs.push(r.NDC);
  groups.set(key, group);
}

// A brand's generic: NADAC gives only the corresponding generic's rate, so the generic is the generic description with
// the same strength and form at exactly that rate; among several (a molecule and its branded generics) the one with the
// most NDCs, i.e. the molecule's own name. No match: no link (the card then shows the brand alone).
const genericsByRate = new Map();
const ndcCount = new Map();
for (const r of rx) {
  ndcCount.set(r['NDC Description'], (ndcCount.get(r['NDC Description']) ?? 0) + 1);
  if (r['Classification for Rate Setting'] !== 'G') continue;
  const list = genericsByRate.get(r['NADAC Per Unit']) ?? new Set();
  list.add(r['NDC Description']);
  genericsByRate.set(r['NADAC Per Unit'], list);
}
function genericOf(r) {
  const rate = r['Corresponding Generic Drug NADAC Per Unit'];
  if (r['Classification for Rate Setting'] === 'G' || !rate) return '';
  const tail = strengthAndForm(r['NDC Description']);
  const candidates = [...(genericsByRate.get(rate) ?? [])].filter((d) => tail && strengthAndForm(d) === tail);
  candidates.sort((a, b) => ndcCount.get(b) - ndcCount.get(a) || a.localeCompare(b));
  return candidates[0] ?? '';
}

const columns = ['description', 'ndc11s', 'nadac_per_unit', 'pricing_unit', 'classification', 'effective_date', 'generic_description'];
const rows = [...groups.values()]
  .map(({ r, ndcs }) => [
    r['NDC Description'],
    ndcs.sort().join(' '),
    r['NADAC Per Unit'],
    r['Pricing Unit'],
    r['Classification for Rate Setting'],
    isoDate(r['Effective Date']),
    genericOf(r),
  ])
  .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
const linked = rows.filter((row) => row[6]).length;
const text = [`# NADAC as of ${asOf}`, columns.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\n') + '\n';
mkdirSync(OUT_DIR, { recursive: true });
const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
writeFileSync(join(OUT_DIR, 'coupon-prices.csv.gz'), gz);
console.log(
  `coupon-prices.csv.gz: ${rows.length} rates of ${rx.length} NDCs (${linked} brand rates linked to a generic), ${gz.length} bytes`,
);
