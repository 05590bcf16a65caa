// Rebuilds the AI module's reference copies from ../shared/data (not used at run time or in tests):
//   node backend/data/reference/build-ai-reference.mjs [/path/to/shared/data]
// - icd10cm-all_fy2022.csv.gz: `code,name` (no dot, the official long description) for every ICD-10-CM FY2022 code,
//   7-character codes and external causes included (a definition must name the exact code the claim carries).
// - hcpcs-level2_2020.csv.gz: `code,short_name,long_name` of the HCPCS Level II procedure and supply codes (no
//   modifiers; CPT is AMA-copyrighted and absent from the source).
// - uspstf-ab_2025-07.csv.gz: the USPSTF grade A and B recommendations with their population, sex, ages, risk group,
//   release date, URL and recommendation text.
// - medlineplus-topics_2019-01.csv.gz: the MedlinePlus health topics (title, URL, category, synonyms joined by `|`,
//   summary, attribution) as MedQuAD packaged them.
// Their headers are in ai-reference-headers.json, which the backend's loader (ai-reference.ts) checks each file against.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { csvField, parseCsvLine } from '../../../tools/data/csv.mjs';

const SHARED = process.argv[2] ?? process.env.SHARED_DATA ?? '/work/shared/data';
const OUT = dirname(fileURLToPath(import.meta.url));
const HEADERS = JSON.parse(readFileSync(join(OUT, 'ai-reference-headers.json'), 'utf8'));

const readCsv = (path) => {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter(Boolean);
  const header = parseCsvLine(lines[0]);
  return lines.slice(1).map((line) => Object.fromEntries(parseCsvLine(line).map((value, i) => [header[i], value])));
};
const write = (name, rows) => {
  const header = HEADERS[name];
  if (!header) throw new Error(`${name}: no header in ai-reference-headers.json`);
  if (rows.some((row) => row.length !== header.length)) throw new Error(`${name}: a row does not have ${header.length} fields`);
  const text = [header.join(','), ...rows.map((row) => row.map((v) => csvField(String(v ?? ''))).join(','))].join('\n') + '\n';
  // gzip -n: no name or time in the header, so the bytes depend on the content alone.
  const body = gzipSync(text, { level: 9 });
  body.writeUInt32LE(0, 4);
  writeFileSync(join(OUT, name), body);
  console.log(`${name}: ${rows.length} rows, ${body.length} bytes`);
};
const oneLine = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

write(
  'icd10cm-all_fy2022.csv.gz',
  readCsv(join(SHARED, 'icd10cm', 'icd10cm_fy2022_codes.csv')).map((row) => [row.code, oneLine(row.long_description)]),
);

write(
  'hcpcs-level2_2020.csv.gz',
  readCsv(join(SHARED, 'hcpcs', 'hcpcs_level2_2020.csv'))
    .filter((row) => row.kind === 'procedure')
    .map((row) => [row.code, oneLine(row.short_description), oneLine(row.long_description)]),
);

const uspstf = JSON.parse(readFileSync(join(SHARED, 'uspstf', 'uspstf_recommendations.json'), 'utf8'));
write(
  'uspstf-ab_2025-07.csv.gz',
  uspstf
    .filter((r) => r.grade === 'A' || r.grade === 'B')
    .map((r) => [
      r.id,
      r.grade,
      oneLine(r.topic),
      oneLine(r.service_type),
      oneLine(r.population),
      r.sex,
      r.age_min,
      r.age_max,
      r.risk_group ?? '',
      r.bmi_group ?? '',
      r.release_date ?? '',
      r.url ?? '',
      oneLine(r.recommendation_text),
    ]),
);

const topics = JSON.parse(readFileSync(join(SHARED, 'medlineplus', 'medlineplus_health_topics_medquad.json'), 'utf8'));
write(
  'medlineplus-topics_2019-01.csv.gz',
  topics.map((t) => [
    t.medquad_id,
    oneLine(t.title),
    t.url,
    t.category,
    (t.synonyms ?? []).map(oneLine).join('|'),
    oneLine(t.summary),
    oneLine(t.attribution),
  ]),
);
