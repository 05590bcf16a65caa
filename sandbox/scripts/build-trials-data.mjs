// Rebuilds sandbox/data/trials/* from the shared ClinicalTrials.gov snapshot (see sandbox/data/SOURCE.md, trials/).
// Not used at run time or in tests: the sandbox reads only the files this writes.
//   node sandbox/scripts/build-trials-data.mjs [/path/to/shared/data]
// Keeps the studies with at least one US site (both shared files), only the fields the product's matching and
// detail page read, only the first MAX_SITES US sites, and long texts cut at TEXT_LIMIT characters. A US site without a geoPoint
// gets its ZIP's centre from us_zip_geo (marked `geoPointSource: "zip"`), so `filter.geo` can reach it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseCsvLine } from '../../tools/data/csv.mjs';

const SHARED = process.argv[2] ?? process.env.SHARED_DATA ?? '/work/shared/data';
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'trials');
const FILES = ['studies.jsonl.gz', 'studies_legacy_nct000_nct0049.jsonl.gz'];
/** Texts longer than this are cut at a word boundary and end with " […]" (the detail page links to the registry). */
const TEXT_LIMIT = 300;
const CRITERIA_LIMIT = 500;
/** Multi-centre studies list hundreds of sites; the first MAX_SITES US sites are kept (ordered as the registry lists them). */
const MAX_SITES = 15;

const zips = new Map();
const zipLines = readFileSync(join(SHARED, 'us_zip_geo', 'us_zip_geo.csv'), 'utf8')
  .split(/\r?\n/)
  .filter(Boolean);
const header = parseCsvLine(zipLines[0]);
const [iZip, iLat, iLng] = ['zip', 'lat', 'lng'].map((name) => header.indexOf(name));
for (const line of zipLines.slice(1)) {
  const row = parseCsvLine(line);
  const lat = Number(row[iLat]);
  const lon = Number(row[iLng]);
  if (row[iLat] && row[iLng] && Number.isFinite(lat) && Number.isFinite(lon)) zips.set(row[iZip], { lat, lon });
}

const cut = (text, limit) => {
  if (typeof text !== 'string' || text.length <= limit) return text;
  const head = text.slice(0, limit);
  const space = head.lastIndexOf(' ');
  return `${head.slice(0, space > limit * 0.8 ? space : limit)} […]`;
};
const pick = (obj, keys) => {
  if (!obj) return undefined;
  const out = {};
  for (const key of keys) if (obj[key] !== undefined && obj[key] !== null) out[key] = obj[key];
  return Object.keys(out).length ? out : undefined;
};
const isUs = (loc) => loc.country === 'United States';

const studies = [];
let geocoded = 0;
let dataTimestamp = '';
const snapshotDates = new Set();
for (const file of FILES) {
  const lines = gunzipSync(readFileSync(join(SHARED, 'clinical_trials', file)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
  for (const line of lines) {
    const raw = JSON.parse(line);
    const p = raw.protocolSection ?? {};
    const sites = (p.contactsLocationsModule?.locations ?? []).filter(isUs).slice(0, MAX_SITES);
    if (!sites.length) continue;
    if (!p.statusModule?.overallStatus) continue;
    const locations = sites.map((loc) => {
      const site = pick(loc, ['facility', 'city', 'state', 'zip', 'country', 'geoPoint']);
      if (!site.geoPoint && loc.zip) {
        const point = zips.get(String(loc.zip).slice(0, 5));
        if (point) {
          site.geoPoint = point;
          site.geoPointSource = 'zip';
          geocoded++;
        }
      }
      return site;
    });
    const status = p.statusModule;
    const last = status.lastUpdatePostDateStruct?.date ?? '';
    if (last > dataTimestamp) dataTimestamp = last;
    if (raw._source?.ctgovProcessedDate) snapshotDates.add(raw._source.ctgovProcessedDate);
    const study = {
      protocolSection: {
        identificationModule: pick(
          p.identificationModule && { ...p.identificationModule, officialTitle: cut(p.identificationModule.officialTitle, 200) },
          ['nctId', 'organization', 'briefTitle', 'officialTitle'],
        ),
        statusModule: pick(status, [
          'overallStatus',
          'startDateStruct',
          'primaryCompletionDateStruct',
          'completionDateStruct',
          'studyFirstPostDateStruct',
          'lastUpdatePostDateStruct',
        ]),
        sponsorCollaboratorsModule: pick(p.sponsorCollaboratorsModule, ['leadSponsor']),
        descriptionModule: pick(
          p.descriptionModule && {
            briefSummary: cut(p.descriptionModule.briefSummary, TEXT_LIMIT),
            detailedDescription: cut(p.descriptionModule.detailedDescription, TEXT_LIMIT / 2),
          },
          ['briefSummary', 'detailedDescription'],
        ),
        conditionsModule: pick(
          p.conditionsModule && { conditions: p.conditionsModule.conditions, keywords: p.conditionsModule.keywords?.slice(0, 6) },
          ['conditions', 'keywords'],
        ),
        designModule: pick(p.designModule, ['studyType', 'phases']),
        armsInterventionsModule: p.armsInterventionsModule?.interventions && {
          interventions: p.armsInterventionsModule.interventions
            .slice(0, 5)
            .map((i) => pick({ ...i, description: cut(i.description, 150) }, ['type', 'name', 'description'])),
        },
        outcomesModule: p.outcomesModule?.primaryOutcomes && {
          primaryOutcomes: p.outcomesModule.primaryOutcomes
            .slice(0, 3)
            .map((o) => pick({ ...o, measure: cut(o.measure, 400) }, ['measure', 'timeFrame'])),
        },
        eligibilityModule: pick(
          p.eligibilityModule && {
            ...p.eligibilityModule,
            eligibilityCriteria: cut(p.eligibilityModule.eligibilityCriteria, CRITERIA_LIMIT),
          },
          ['eligibilityCriteria', 'healthyVolunteers', 'sex', 'minimumAge', 'maximumAge', 'stdAges'],
        ),
        contactsLocationsModule: { locations },
      },
      derivedSection: raw.derivedSection?.conditionBrowseModule && {
        conditionBrowseModule: {
          meshes: (raw.derivedSection.conditionBrowseModule.meshes ?? []).map((m) => ({ term: m.term })),
          ancestors: (raw.derivedSection.conditionBrowseModule.ancestors ?? []).map((m) => ({ term: m.term })),
        },
      },
      hasResults: raw.hasResults ?? false,
    };
    studies.push(JSON.parse(JSON.stringify(study)));
  }
}
studies.sort((a, b) => (a.protocolSection.identificationModule.nctId < b.protocolSection.identificationModule.nctId ? -1 : 1));

mkdirSync(OUT, { recursive: true });
const body = gzipSync(studies.map((s) => JSON.stringify(s)).join('\n') + '\n', { level: 9 });
writeFileSync(join(OUT, 'studies-us.jsonl.gz'), body);
const meta = {
  description: 'ClinicalTrials.gov API v2 study objects (trimmed) with at least one US site; see sandbox/data/SOURCE.md',
  studies: studies.length,
  sitesGeocodedFromZip: geocoded,
  // The newest lastUpdatePostDate in the data: what /version reports as its dataTimestamp.
  dataTimestamp: `${dataTimestamp}T00:00:00`,
  classicXmlProcessedDates: [...snapshotDates].sort(),
};
// The v2 field tree (GET /studies/metadata), so `fields` resolves piece names (NCTId, Condition) as the real API does.
writeFileSync(join(OUT, 'studies-metadata.json.gz'), readFileSync(join(SHARED, 'clinical_trials', 'api_spec', 'studies_metadata.json.gz')));
writeFileSync(join(OUT, 'meta.json'), JSON.stringify(meta, null, 2) + '\n');
console.log(`${studies.length} studies, ${geocoded} sites geocoded from ZIP, ${body.length} bytes`);
