// Rebuilds this folder's trimmed copies from the shared reference data (see README.md here):
//   node backend/data/reference/build.mjs [path to shared/data]   (default: ../shared/data beside the repo)
// Output is deterministic (sorted rows, gzip without a timestamp), so an unchanged source gives unchanged files.
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createGunzip, gzipSync } from 'node:zlib';
import { csvField, parseCsvLine } from '../../../tools/data/csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? join(here, '../../../../shared/data'));

async function readCsv(path) {
  const input = path.endsWith('.gz') ? createReadStream(path).pipe(createGunzip()) : createReadStream(path);
  const rows = [];
  let header;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (!line) continue;
    const fields = parseCsvLine(line);
    if (!header) header = fields;
    else rows.push(Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ''])));
  }
  return rows;
}

const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function write(name, header, rows) {
  rows.sort((a, b) => {
    for (let i = 0; i < a.length; i++) {
      const order = compare(a[i], b[i]);
      if (order) return order;
    }
    return 0;
  });
  const text = [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
  // gzip -n: no name or time in the header, so the bytes depend on the content alone.
  const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
  gz.writeUInt32LE(0, 4);
  writeFileSync(join(here, name), gz);
  console.log(`${name}: ${rows.length} rows, ${gz.length} bytes`);
}

const unique = (rows) => [...new Map(rows.map((row) => [row.join('\u0001'), row])).values()];

const packages = await readCsv(join(source, 'ndc/ndc_package_rxcui_2020-06-17.csv.gz'));
write(
  'fda-ndc-packages_2020-06-17.csv.gz',
  ['ndc', 'rxcui'],
  packages.map((r) => [r.ndc, r.rxcui]),
);

const ingredients2020 = await readCsv(join(source, 'ndc/ndc_rxcui_ingredients_2020-06-17.csv.gz'));
write(
  'rxnav-ingredients_2020-06-17.csv.gz',
  ['rxcui', 'ingredient_rxcui', 'ingredient_name'],
  unique(ingredients2020.filter((r) => r.ingredient_tty === 'IN').map((r) => [r.rxcui, r.ingredient_rxcui, r.ingredient_name])),
);

const ndcs2025 = await readCsv(join(source, 'rxnorm/rxnorm_ndc_2025-10-06.csv.gz'));
write(
  'rxnorm-ndcs_2025-10-06.csv.gz',
  ['ndc11', 'rxcui'],
  ndcs2025.map((r) => [r.ndc11, r.rxcui]),
);

// SCDC and PIN concepts name nothing the app shows or searches.
const KEPT_TTYS = new Set(['IN', 'MIN', 'BN', 'SCD', 'SBD', 'GPCK', 'BPCK']);
const concepts = await readCsv(join(source, 'rxnorm/rxnorm_concepts_2025-10-06.csv.gz'));
write(
  'rxnorm-concepts_2025-10-06.csv.gz',
  ['rxcui', 'tty', 'name'],
  concepts.filter((r) => KEPT_TTYS.has(r.tty)).map((r) => [r.rxcui, r.tty, r.name]),
);

const drugs = await readCsv(join(source, 'rxnorm/rxnorm_drugs_2025-10-06.csv.gz'));
write(
  'rxnorm-drugs_2025-10-06.csv.gz',
  ['rxcui', 'generic_rxcui', 'brand_name', 'strength', 'dose_form', 'ingredient_rxcuis'],
  drugs.map((r) => [r.rxcui, r.generic_rxcui, r.brand_name, r.strength, r.dose_form, r.ingredient_rxcuis]),
);

// Both ONC lists as one, by unordered ingredient pair: high-priority is major, non-interruptive moderate; a pair
// on both lists is major. Pairs without an RxCUI on both sides cannot be matched by code and are left out; the
// DrugBank ids (CC BY-NC) are not copied.
const pairs = new Map();
for (const [file, level] of [
  ['drug_interactions/ddi_onc_high_priority.csv', 'major'],
  ['drug_interactions/ddi_onc_non_interruptive.csv', 'moderate'],
]) {
  for (const r of await readCsv(join(source, file))) {
    if (!r.drug_1_rxcui || !r.drug_2_rxcui || r.drug_1_rxcui === r.drug_2_rxcui) continue;
    const [a, b] =
      r.drug_1_rxcui < r.drug_2_rxcui
        ? [
            [r.drug_1_rxcui, r.drug_1],
            [r.drug_2_rxcui, r.drug_2],
          ]
        : [
            [r.drug_2_rxcui, r.drug_2],
            [r.drug_1_rxcui, r.drug_1],
          ];
    const key = `${a[0]}|${b[0]}`;
    if (!pairs.has(key) || (level === 'major' && pairs.get(key)[0] !== 'major'))
      pairs.set(key, [level, a[0], a[1].toLowerCase(), b[0], b[1].toLowerCase()]);
  }
}
write('onc-interactions_2014-04-04.csv.gz', ['level', 'rxcui_a', 'name_a', 'rxcui_b', 'name_b'], [...pairs.values()]);

// NADAC: CMS's weekly file of 2026-04-29 byte for byte (already `gzip -n -9`, in CMS's own 12-column layout, which
// the boot loader reads with the same parser as `npm run data:import -- nadac FILE`).
// (Read and written rather than copied: the source is read-only, and a copy would keep that mode.)
const weeklyBytes = readFileSync(join(source, 'ndc/nadac_2026-04-29.csv.gz'));
writeFileSync(join(here, 'nadac-weekly_2026-04-29.csv.gz'), weeklyBytes);
console.log(`nadac-weekly_2026-04-29.csv.gz: copied, ${weeklyBytes.length} bytes`);

// From the 2013-2022 history, the last rate of each NDC the weekly file lacks, when it took effect in 2022: those
// NDCs were still surveyed when the history ends (October 2022). Earlier last rates belong to NDCs that had left
// NADAC (mostly discontinued packages): a 2013 price would mislead more than it helps, so they are not kept.
const weekly = new Set((await readCsv(join(source, 'ndc/nadac_2026-04-29.csv.gz'))).map((r) => r.NDC));
const history = await readCsv(join(source, 'ndc/nadac_history_2013-02_to_2022-10.csv.gz'));
write(
  'nadac-history-last_2022.csv.gz',
  ['ndc11', 'effective_date', 'nadac_per_unit'],
  history
    .filter((r) => r.end_date === '2099-12-31' && r.effective_date >= '2022-01-01' && !weekly.has(r.ndc11))
    .map((r) => [r.ndc11, r.effective_date, r.nadac_per_unit]),
);
