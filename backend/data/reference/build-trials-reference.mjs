// Rebuilds the clinical-trials module's reference copies from ../shared/data (not used at run time or in tests):
//   node backend/data/reference/build-trials-reference.mjs [/path/to/shared/data]
// - icd10cm-codes_fy2022.csv.gz: `code,name` (code without its dot, the official long description) for every ICD-10-CM
//   FY2022 code of at most 6 characters outside the external-cause chapter (V00-Y99): the 7-character injury
//   extensions are dropped (their 6-character parent names them well enough for a trial search).
// - icd10cm-chapters_fy2022.csv.gz: `chapter,title,first,last` (22 chapters).
// - us-zip-geo.csv.gz: `zip,lat,lon`, the ZCTA centre of every ZIP that has one.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { csvField, parseCsvLine } from '../../../tools/data/csv.mjs';

const SHARED = process.argv[2] ?? process.env.SHARED_DATA ?? '/work/shared/data';
const OUT = dirname(fileURLToPath(import.meta.url));

const readCsv = (path) => {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter(Boolean);
  const header = parseCsvLine(lines[0]);
  return lines.slice(1).map((line) => Object.fromEntries(parseCsvLine(line).map((value, i) => [header[i], value])));
};
const write = (name, header, rows) => {
  const body = gzipSync([header.join(','), ...rows.map((row) => row.map((v) => csvField(String(v))).join(','))].join('\n') + '\n', {
    level: 9,
  });
  writeFileSync(join(OUT, name), body);
  console.log(`${name}: ${rows.length} rows, ${body.length} bytes`);
};

const codes = readCsv(join(SHARED, 'icd10cm', 'icd10cm_fy2022_codes.csv'))
  .filter((row) => row.code.length <= 6 && !/^[V-Y]/.test(row.code))
  .map((row) => [row.code, row.long_description]);
write('icd10cm-codes_fy2022.csv.gz', ['code', 'name'], codes);

const chapters = readCsv(join(SHARED, 'icd10cm', 'icd10cm_chapters.csv')).map((row) => [
  row.chapter_num,
  row.chapter_desc,
  row.code_start,
  row.code_end,
]);
write('icd10cm-chapters_fy2022.csv.gz', ['chapter', 'title', 'first', 'last'], chapters);

const zips = readCsv(join(SHARED, 'us_zip_geo', 'us_zip_geo.csv'))
  .filter((row) => row.lat && row.lng)
  .map((row) => [row.zip, Number(row.lat).toFixed(5), Number(row.lng).toFixed(5)]);
write('us-zip-geo.csv.gz', ['zip', 'lat', 'lon'], zips);
