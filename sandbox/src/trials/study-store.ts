import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { matchesSearch, tokens } from './text-search';

export const TRIALS_DATA_DIR = resolve(__dirname, '..', '..', 'data', 'trials');

/** The parts of an API v2 study object the stand-in reads (the served object carries every field the data has). */
export interface Study {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle?: string; officialTitle?: string; organization?: { fullName?: string } };
    statusModule: { overallStatus: string; lastUpdatePostDateStruct?: { date: string } };
    conditionsModule?: { conditions?: string[]; keywords?: string[] };
    eligibilityModule?: Record<string, unknown>;
    contactsLocationsModule?: { locations?: StudyLocation[] };
    [module: string]: unknown;
  };
  derivedSection?: { conditionBrowseModule?: { meshes?: { term: string }[]; ancestors?: { term: string }[] } };
  hasResults?: boolean;
}

export interface StudyLocation {
  facility?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  geoPoint?: { lat: number; lon: number };
  /** Set by the build script when the point is the ZIP's centre (the source had none). */
  geoPointSource?: 'zip';
}

export interface GeoFilter {
  lat: number;
  lon: number;
  miles: number;
}

export interface StudySearch {
  cond?: string[][];
  term?: string[][];
  statuses?: ReadonlySet<string>;
  geo?: GeoFilter;
}

interface Indexed {
  study: Study;
  nctId: string;
  /** Words of the ConditionSearch area: conditions, keywords, MeSH terms and ancestors, titles. */
  conditionWords: Set<string>;
  /** Words of every text field (BasicSearch). */
  allWords: Set<string>;
  points: { lat: number; lon: number }[];
}

export interface DataMeta {
  studies: number;
  dataTimestamp: string;
}

const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles. */
export function haversineMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

function collectText(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectText(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectText(item, out);
}

/** The shipped studies (see sandbox/data/SOURCE.md), indexed once per data folder. */
export class StudyStore {
  private readonly indexed: Indexed[];
  private readonly byId = new Map<string, Indexed>();
  readonly meta: DataMeta;
  readonly fieldTree: unknown[];

  constructor(dataDir = TRIALS_DATA_DIR) {
    const lines = gunzipSync(readFileSync(join(dataDir, 'studies-us.jsonl.gz')))
      .toString('utf8')
      .split('\n');
    this.indexed = [];
    for (const line of lines) {
      if (!line) continue;
      const study = JSON.parse(line) as Study;
      const p = study.protocolSection;
      const conditionText = [
        ...(p.conditionsModule?.conditions ?? []),
        ...(p.conditionsModule?.keywords ?? []),
        ...(study.derivedSection?.conditionBrowseModule?.meshes ?? []).map((m) => m.term),
        ...(study.derivedSection?.conditionBrowseModule?.ancestors ?? []).map((m) => m.term),
        p.identificationModule.briefTitle ?? '',
        p.identificationModule.officialTitle ?? '',
      ];
      const all: string[] = [];
      collectText(study.protocolSection, all);
      const entry: Indexed = {
        study,
        nctId: p.identificationModule.nctId,
        conditionWords: new Set(tokens(conditionText.join(' '))),
        allWords: new Set(tokens(all.join(' '))),
        points: (p.contactsLocationsModule?.locations ?? []).flatMap((l) => (l.geoPoint ? [l.geoPoint] : [])),
      };
      this.indexed.push(entry);
      this.byId.set(entry.nctId, entry);
    }
    const meta = JSON.parse(readFileSync(join(dataDir, 'meta.json'), 'utf8')) as DataMeta;
    this.meta = { studies: this.indexed.length, dataTimestamp: meta.dataTimestamp };
    this.fieldTree = JSON.parse(gunzipSync(readFileSync(join(dataDir, 'studies-metadata.json.gz'))).toString('utf8')) as unknown[];
  }

  get size(): number {
    return this.indexed.length;
  }

  get(nctId: string): Study | undefined {
    return this.byId.get(nctId.toUpperCase())?.study;
  }

  /**
   * Every study the search admits. With a geo filter they come nearest site first (the real API ranks by distance
   * when `filter.geo` is set); otherwise in NCT order (stable across pages).
   */
  search(search: StudySearch): Study[] {
    const hits: { study: Study; nctId: string; distance: number }[] = [];
    for (const entry of this.indexed) {
      if (search.statuses && !search.statuses.has(entry.study.protocolSection.statusModule.overallStatus)) continue;
      if (search.cond && !matchesSearch(search.cond, entry.conditionWords)) continue;
      if (search.term && !matchesSearch(search.term, entry.allWords)) continue;
      let distance = 0;
      if (search.geo) {
        const geo = search.geo;
        distance = entry.points.reduce((best, point) => Math.min(best, haversineMiles(geo, point)), Infinity);
        if (!(distance <= geo.miles)) continue;
      }
      hits.push({ study: entry.study, nctId: entry.nctId, distance });
    }
    hits.sort((a, b) => a.distance - b.distance || (a.nctId < b.nctId ? -1 : a.nctId > b.nctId ? 1 : 0));
    return hits.map((hit) => hit.study);
  }
}

let shared: StudyStore | undefined;
/** One store per process for the default data folder (loading takes a second). */
export function defaultStudyStore(): StudyStore {
  shared ??= new StudyStore();
  return shared;
}
