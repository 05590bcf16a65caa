import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGzipCsv } from '../../../common/csv';

/**
 * The trials module's own reference tables, read from `backend/data/reference` into memory once per process (41,678
 * ICD-10-CM names, 22 chapters and 33,788 ZIP centres: about 6 MB of heap, loaded in ~100 ms on first use). Kept out
 * of PostgreSQL on purpose: they are read-only lookups by key, needed only by the matching job, and rebuilt with
 * `build-trials-reference.mjs`, so a table per instance would add a boot import for nothing.
 */
export const TRIALS_REFERENCE_DIR = join(__dirname, '..', '..', '..', '..', 'data', 'reference');
export const ICD10CM_CODES_FILE = 'icd10cm-codes_fy2022.csv.gz';
export const ICD10CM_CHAPTERS_FILE = 'icd10cm-chapters_fy2022.csv.gz';
export const ZIP_GEO_FILE = 'us-zip-geo.csv.gz';
/** The edition the names come from, shown nowhere but kept with the code (FY2022, CDC/NCHS). */
export const ICD10CM_EDITION = 'ICD-10-CM FY2022';

/**
 * Rows of a gzipped CSV after its header, which must be `header` exactly (a changed file fails loudly, naming the file
 * and line, as does a record with another field count or an unclosed quote: common/csv).
 */
export function readReferenceCsv(dir: string, file: string, header: readonly string[]): string[][] {
  return readGzipCsv(file, readFileSync(join(dir, file)), header).map((record) => record.fields);
}

export interface IcdChapter {
  number: number;
  title: string;
  first: string;
  last: string;
}

/** ICD-10-CM names (without dots) and chapters. */
export class Icd10Catalogue {
  private constructor(
    private readonly names: ReadonlyMap<string, string>,
    readonly chapters: readonly IcdChapter[],
  ) {}

  static load(dir = TRIALS_REFERENCE_DIR): Icd10Catalogue {
    const names = new Map(readReferenceCsv(dir, ICD10CM_CODES_FILE, ['code', 'name']).map(([code, name]) => [code!, name!]));
    const chapters = readReferenceCsv(dir, ICD10CM_CHAPTERS_FILE, ['chapter', 'title', 'first', 'last']).map(([n, title, first, last]) => ({
      number: Number(n),
      title: title!,
      first: first!,
      last: last!,
    }));
    return new Icd10Catalogue(names, chapters);
  }

  /** For tests: a catalogue from rows. */
  static of(names: Record<string, string>, chapters: IcdChapter[]): Icd10Catalogue {
    return new Icd10Catalogue(new Map(Object.entries(names)), chapters);
  }

  /** The official name of a code (no dot), or of its nearest listed parent (7-character injury codes are not kept). */
  nameOf(code: string): string | null {
    for (let len = code.length; len >= 3; len--) {
      const name = this.names.get(code.slice(0, len));
      if (name) return name;
    }
    return null;
  }

  /**
   * Whether the code is an ICD-10-CM code: listed, or a 7-character code (the extensions are not kept) under a listed
   * category, placeholder `X`s included (H40.11X0).
   */
  knows(code: string): boolean {
    return this.names.has(code) || (code.length === 7 && this.names.has(code.slice(0, 3)));
  }

  chapterOf(code: string): IcdChapter | null {
    const category = code.slice(0, 3);
    return this.chapters.find((c) => category >= c.first && category <= c.last) ?? null;
  }
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** ZIP (5 digits) to the centre of its ZCTA. */
export class ZipGeo {
  private constructor(private readonly points: ReadonlyMap<string, GeoPoint>) {}

  static load(dir = TRIALS_REFERENCE_DIR): ZipGeo {
    return new ZipGeo(
      new Map(
        readReferenceCsv(dir, ZIP_GEO_FILE, ['zip', 'lat', 'lon']).map(([zip, lat, lon]) => [zip!, { lat: Number(lat), lon: Number(lon) }]),
      ),
    );
  }

  static of(points: Record<string, GeoPoint>): ZipGeo {
    return new ZipGeo(new Map(Object.entries(points)));
  }

  pointOf(zip: string): GeoPoint | null {
    return this.points.get(zip) ?? null;
  }
}

const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles. */
export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
