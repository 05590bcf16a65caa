// Rebuilds sandbox/data/insurers/*.gz from the shared reference data (see sandbox/data/SOURCE.md).
// Not used at run time or in tests: the sandbox reads only the files this writes.
//   node sandbox/scripts/build-insurer-data.mjs [/path/to/shared/data]
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv, toCsv } from '../../tools/data/csv.mjs';
import { gunzipSync, gzipSync } from 'node:zlib';

const SHARED = process.argv[2] ?? process.env.SHARED_DATA ?? '/work/shared/data';
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'insurers');
const profiles = JSON.parse(readFileSync(join(OUT, 'care-profiles.json'), 'utf8'));

const writeGz = (name, text) => {
  const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
  writeFileSync(join(OUT, name), gz);
  console.log(`${name}: ${text.length} bytes -> ${gz.length} gzipped`);
};

// ---- NDC (NADAC weekly file of 2026-04-29) --------------------------------------------------------
const nadac = parseCsv(gunzipSync(readFileSync(join(SHARED, 'ndc', 'nadac_2026-04-29.csv.gz'))).toString('utf8'));
const byDescription = new Map();
for (const r of nadac) {
  const list = byDescription.get(r['NDC Description']) ?? [];
  list.push(r);
  byDescription.set(r['NDC Description'], list);
}
const ndcRows = [];
for (const [drug, spec] of Object.entries(profiles.drugs)) {
  for (const description of spec.descriptions) {
    const rows = (byDescription.get(description) ?? []).filter((r) => r.OTC === 'N').sort((a, b) => a.NDC.localeCompare(b.NDC));
    if (!rows.length) throw new Error(`NADAC has no prescription row "${description}" (drug ${drug})`);
    for (const r of rows.slice(0, 2)) {
      ndcRows.push({
        ndc: r.NDC,
        description: r['NDC Description'],
        nadac_per_unit: r['NADAC Per Unit'],
        pricing_unit: r['Pricing Unit'],
        classification: r['Classification for Rate Setting'],
        effective_date: r['Effective Date'],
        drug,
      });
    }
  }
}
writeGz(
  'ndc-common.csv.gz',
  toCsv(['ndc', 'description', 'nadac_per_unit', 'pricing_unit', 'classification', 'effective_date', 'drug'], ndcRows),
);

// ---- ICD-10-CM FY2022 -----------------------------------------------------------------------------
const icd = parseCsv(readFileSync(join(SHARED, 'icd10cm', 'icd10cm_fy2022_codes.csv'), 'utf8'));
const icdByCode = new Map(icd.map((r) => [r.code, r]));
const profileIcd = new Set();
for (const section of ['chronic', 'acute', 'inpatient']) for (const p of profiles[section]) p.icd10cm.forEach((c) => profileIcd.add(c));
const prev = profiles.preventive;
[...prev.wellnessIcd10cm, prev.flu.icd10cm, prev.pneumococcal.icd10cm, ...prev.screenings.map((s) => s.icd10cm)].forEach((c) =>
  profileIcd.add(c),
);
// Common categories in primary care and Medicare claims: up to three billable codes of each join the list.
const COMMON_CATEGORIES = (
  'A09 B34 D64 E03 E11 E55 E66 E78 E87 F17 F32 F33 F41 G20 G30 G43 G47 G62 H10 H25 H40 H52 H61 H65 ' +
  'I10 I11 I12 I20 I25 I48 I50 I63 I70 I83 J01 J02 J06 J18 J20 J30 J34 J44 J45 K21 K25 K29 K57 K58 K59 K76 K80 L03 L30 L40 ' +
  'L57 L72 L82 M06 M10 M17 M19 M25 M47 M48 M51 M54 M62 M65 M75 M79 M81 N17 N18 N20 N39 N40 N95 R00 R05 R06 R07 R10 R11 R19 ' +
  'R21 R25 R26 R35 R41 R42 R51 R53 R55 R60 R73 S00 S06 S52 S72 S80 S83 S93 W19 Z00 Z01 Z11 Z12 Z13 Z23 Z68 Z79 Z86 Z87 Z95 Z96'
).split(' ');
const icdCodes = new Set(profileIcd);
for (const category of COMMON_CATEGORIES) {
  icd
    .filter((r) => r.billable === '1' && r.code.startsWith(category))
    .slice(0, 3)
    .forEach((r) => icdCodes.add(r.code));
}
const icdRows = [...icdCodes].sort().map((code) => {
  const r = icdByCode.get(code);
  if (!r || r.billable !== '1') throw new Error(`ICD-10-CM ${code} is not a billable FY2022 code`);
  return { code, description: r.long_description, chronic_indicator: r.chronic_indicator };
});
writeGz('icd10cm-common.csv.gz', toCsv(['code', 'description', 'chronic_indicator'], icdRows));

// ---- HCPCS Level II 2020 --------------------------------------------------------------------------
const hcpcs = parseCsv(readFileSync(join(SHARED, 'hcpcs', 'hcpcs_level2_2020.csv'), 'utf8'));
const hcpcsByCode = new Map(hcpcs.filter((r) => r.kind === 'procedure').map((r) => [r.code, r]));
const hcpcsCodes = new Set();
for (const section of ['chronic', 'acute', 'inpatient']) for (const p of profiles[section]) p.hcpcs.forEach((c) => hcpcsCodes.add(c));
[
  prev.welcomeVisit,
  prev.wellnessInitial,
  prev.wellnessSubsequent,
  ...prev.flu.hcpcs,
  ...prev.pneumococcal.hcpcs,
  ...prev.screenings.map((s) => s.hcpcs),
  ...profiles.emergency.hcpcs,
  ...profiles.emergency.ambulance,
].forEach((c) => hcpcsCodes.add(c));
// Frequently billed Level II services, supplies, drugs and equipment (CPT, Level I, is AMA-licensed and not used).
const COMMON_HCPCS = (
  'G0438 G0439 G0402 G0444 G0442 G0443 G0446 G0447 G0108 G0109 G0270 G0463 G0378 G0380 G0381 G0382 G0383 G0384 ' +
  'G0008 G0009 G0010 G0103 G0101 G0102 G0121 G0105 G0104 G0279 G0283 G0299 G0300 G0151 G0152 G0157 G0180 G0181 G0480 G0481 ' +
  'G0472 G0475 G0499 G0466 G0467 G0468 G0296 G0297 G0403 G0404 G0405 J1885 J3301 J1100 J0696 J2550 J1030 J1040 J7613 J7620 ' +
  'J0897 J1815 J1817 J3420 J0129 J2001 J2250 J2405 J1050 J0702 J1200 J7050 J7030 J7040 J7120 J2270 J2175 J3010 J1170 J0561 ' +
  'J0690 J1756 J9217 Q2035 Q2036 Q2037 Q2038 Q2039 Q0091 Q4081 A0425 A0427 A0428 A0429 A0433 A4253 A4259 A4258 A4250 A4206 ' +
  'A4208 A4450 A4452 A4550 A4556 A4565 A4570 A4580 A4590 A6216 A6402 A7030 A7034 A7035 A7037 A7038 A7039 E0601 E0114 E0130 ' +
  'E0135 E0143 E0156 E0163 E0260 E0431 E1390 E0470 E0607 E0630 E0250 L3908 L1820 L1830 L1902 L4361 L4360 L0650 L3260 L3807 ' +
  'V2020 V2100 V2200 V2781 V5010 G0071 G0176 G0177 G0237 G0238 G0239 G0396 G0397 G0406 G0407 G0425 G0426 G0445 G0476 G0482 ' +
  'G0483 G0490 G0506 G0513 G0514 Q3014 Q9967 Q0092 Q0144 A9270 A9500 A9502 A9552 A9579 A9585 J2704 J2785 J3480 J7060 J7131 ' +
  'J7325 J0585 J1071 J1642 J1644 J1650 J2930 J3370 J7321 J7323 J7324 G0117 G0473'
).split(' ');
COMMON_HCPCS.forEach((c) => hcpcsCodes.add(c));
const hcpcsRows = [...hcpcsCodes].sort().map((code) => {
  const r = hcpcsByCode.get(code);
  if (!r || r.termination_date) throw new Error(`HCPCS ${code} is not an active 2020 Level II procedure code`);
  return { code, short_description: r.short_description, long_description: r.long_description, betos: r.betos };
});
writeGz('hcpcs-common.csv.gz', toCsv(['code', 'short_description', 'long_description', 'betos'], hcpcsRows));

// ---- FHIR fixtures --------------------------------------------------------------------------------
const FHIR = join(SHARED, 'fhir_payer');
const readJson = (...parts) => JSON.parse(readFileSync(join(FHIR, ...parts), 'utf8'));
const entries = (bundle) => (bundle.entry ?? []).map((e) => e.resource);
const KEPT_TYPES = new Set([
  'Patient',
  'Coverage',
  'ExplanationOfBenefit',
  'Condition',
  'Encounter',
  'MedicationRequest',
  'Medication',
  'Organization',
  'Practitioner',
  'PractitionerRole',
  'RelatedPerson',
  'Location',
]);

/** Drops narratives (`text`) and resources the sandbox does not serve; keeps the first of duplicate ids. */
function trim(resources) {
  const seen = new Set();
  return resources.filter((r) => {
    const key = `${r.resourceType}/${r.id}`;
    if (!KEPT_TYPES.has(r.resourceType) || seen.has(key)) return false;
    seen.add(key);
    delete r.text;
    return true;
  });
}

/** Transaction bundles refer by `urn:uuid:`; the sandbox serves them by `Type/id`, so rewrite those references. */
function resolveUuidReferences(bundle) {
  const map = new Map(
    (bundle.entry ?? [])
      .filter((e) => e.fullUrl?.startsWith('urn:uuid:'))
      .map((e) => [e.fullUrl, `${e.resource.resourceType}/${e.resource.id}`]),
  );
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'reference' && typeof v === 'string' && map.has(v)) node[k] = map.get(v);
        else walk(v);
      }
    }
  };
  walk(bundle);
  return entries(bundle);
}

/** Organizations, Practitioners and the like that a member's resources refer to. */
function withReferenced(own, pool) {
  const text = JSON.stringify(own);
  return [...own, ...pool.filter((r) => text.includes(`"${r.resourceType}/${r.id}"`))];
}

const member = (username, label, patientId, resources, insurers) => {
  const kept = trim(resources);
  if (!kept.some((r) => r.resourceType === 'Patient' && r.id === patientId)) throw new Error(`${username}: no Patient/${patientId}`);
  return { username, label, patientId, ...(insurers ? { insurers } : {}), resources: kept };
};

const writeMembers = (name, members) => writeGz(name, JSON.stringify({ members }));

// Blue Button 2.0 (blueButton, blueButtonSandbox)
const bb2 = 'bluebutton_bb2';
writeMembers('bluebutton-bb2.json.gz', [
  member(
    'BBUser08325',
    'CMS BB2 test beneficiary: Parts A/B/C/D coverage, carrier, inpatient, outpatient and 10 Part D claims',
    '-20140000008325',
    [
      readJson(bb2, 'patient_read_v2.json'),
      ...entries(readJson(bb2, 'coverage_search_v2.json')),
      readJson(bb2, 'eob_read_carrier_v2.json'),
      readJson(bb2, 'eob_read_in_pt_v2.json'),
      readJson(bb2, 'eob_read_out_pt_v2.json'),
      ...entries(readJson(bb2, 'eob_search_pt_v2.json')),
    ],
  ),
]);

const history = readdirSync(join(FHIR, 'bluebutton_bb2_sdk_history'))
  .sort()
  .flatMap((f) => entries(readJson('bluebutton_bb2_sdk_history', f)));
// The SDK fixtures hold only the EOB pages; this Patient is authored here so the member can be read.
const historyPatient = {
  resourceType: 'Patient',
  id: '-19990000000001',
  meta: {
    tag: [{ system: 'https://healthlink.example/sandbox', code: 'authored', display: 'Written for the sandbox; the source has EOBs only' }],
  },
  identifier: [{ system: 'https://bluebutton.cms.gov/resources/variables/bene_id', value: '-19990000000001' }],
  name: [{ use: 'usual', family: 'Historia', given: ['Bea'] }],
  gender: 'female',
  birthDate: '1931-04-12',
  address: [{ state: 'MD', postalCode: '21244' }],
};
writeMembers('bluebutton-sdk-history.json.gz', [
  member('BBUser00001', 'CMS BB2 SDK history: 52 carrier and outpatient claims, 1999-2001', '-19990000000001', [
    historyPatient,
    ...history,
  ]),
]);

const bbu = 'bluebutton_bbuser29999';
writeMembers('bluebutton-bbuser29999.json.gz', [
  member('BBUser29999', 'CMS Blue Button sandbox user BBUser29999: Parts A/B/C/D coverage and 10 Part D claims', '-20140000010000', [
    readJson(bbu, 'patient_bbuser29999.json'),
    ...entries(readJson(bbu, 'coverage_bundle_bbuser29999.json')),
    ...entries(readJson(bbu, 'eob_bundle_bbuser29999.json')),
  ]),
]);

// CARIN Blue Button IG examples (every other insurer)
const carinDir = (sub) =>
  readdirSync(join(FHIR, 'carin_bb_ig_examples', sub))
    .sort()
    .map((f) => readJson('carin_bb_ig_examples', sub, f));
const draft = carinDir('ig_draft_2020');
const conn = carinDir('connectathon_2020');
const draftPool = draft.filter((r) => ['Organization', 'Practitioner'].includes(r.resourceType));
const connPool = conn.filter((r) => ['Organization', 'Practitioner'].includes(r.resourceType));
const forPatient = (list, id) =>
  list.filter((r) =>
    r.resourceType === 'Patient' ? r.id === id : [r.patient, r.beneficiary, r.subject].some((ref) => ref?.reference === `Patient/${id}`),
  );
const aetnaEob = conn.find((r) => r.resourceType === 'Bundle');
writeMembers('carin-bb-examples.json.gz', [
  member(
    'carin-example-1',
    'CARIN BB IG example member: 2 coverages, inpatient, outpatient and professional claims',
    'ExamplePatient1',
    withReferenced(forPatient(draft, 'ExamplePatient1'), draftPool),
  ),
  member(
    'carin-connectathon',
    'CARIN BB connectathon member: 2 coverages, 2 professional claims',
    '01234567801',
    withReferenced(forPatient(conn, '01234567801'), connPool),
  ),
  member(
    'aetna-connectathon',
    'Aetna CARIN BB connectathon example: 2 claims',
    '1234567890123450021',
    [conn.find((r) => r.resourceType === 'Patient' && r.id === '1234567890123450021'), ...entries(aetnaEob)],
    ['aetna', 'aetnaSandbox'],
  ),
]);

// Inferno reference server bundles (every other insurer)
const inferno = (file) => resolveUuidReferences(readJson('inferno_reference', file));
writeMembers('inferno-reference.json.gz', [
  member(
    'inferno-carin-888',
    'Inferno CARIN BB member: coverage, inpatient, outpatient, oral, pharmacy and professional claims',
    '888',
    inferno('carin_bundle_patient_888.json'),
  ),
  member(
    'inferno-pdex-999',
    'Inferno Da Vinci PDex member: a claim, conditions, an encounter and a prescription',
    '999',
    inferno('pdex_bundle_patient_999.json'),
  ),
  member(
    'inferno-uscore-85',
    'Inferno US Core member 85: 60 encounters, 13 conditions, 13 prescriptions, no claims',
    '85',
    inferno('uscore_bundle_patient_85.json'),
  ),
  member(
    'inferno-uscore-355',
    'Inferno US Core member 355: 129 encounters, 31 conditions, 20 prescriptions, no claims',
    '355',
    inferno('uscore_bundle_patient_355.json'),
  ),
]);
