import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGzipCsv } from '../../../common/csv';
import { PLAN_FILES, PLANS_DATA_DIR } from './catalogue-files';

/**
 * ZIP -> state and counties (us_zip_geo: Census 2010 ZCTA-to-county relations), and the one rule that matches its
 * county names with the Landscape's. us_zip_geo writes the Census names ("Autauga County", "Adjuntas Municipio",
 * "Anchorage Municipality", "St. Louis city", "Orleans Parish", "Juneau City and Borough", "Bethel Census Area"); the
 * Landscape writes the bare name ("Autauga", "St. Louis City", "De Soto" beside "DeSoto", "Dona Ana" for "Doña Ana").
 * The key drops the kind of county (but not "city": Virginia's Fairfax city and Fairfax County are two places),
 * accents, case, spaces and punctuation, and reads "Saint" as "St".
 */

const KIND = /\s+(county|parish|borough|census area|municipio|municipality|city and borough)$/;

/** Counties renamed or merged since the 2010 relations the ZIP file is built from: the 2010 name to today's key. */
const RENAMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  SD: { shannon: 'oglalalakota' }, // Shannon County became Oglala Lakota County in 2015.
  AK: { wadehampton: 'kusilvak' }, // Wade Hampton Census Area became Kusilvak in 2015.
  VA: { bedfordcity: 'bedford' }, // Bedford city joined Bedford County in 2013.
};

/** The matching key of a county name in a state: "St. Louis city" and "St. Louis City" -> "stlouiscity". */
export function countyKey(name: string, state?: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(KIND, '')
    .replace(/^saint\s+/, 'st ')
    .replace(/[^a-z0-9]/g, '');
  return (state && RENAMED[state]?.[plain]) || plain;
}

/** Where a ZIP lies: its state and the counties of that state it overlaps, alphabetical as the source lists them. */
export interface ZipPlace {
  zip: string;
  state: string;
  /** County names as the ZIP file writes them ("Autauga County"). */
  counties: string[];
  /** The ZIP also lies in these states (a ZCTA across a state line), with their counties. */
  otherStates: { state: string; counties: string[] }[];
}

export class ZipCounties {
  private constructor(
    private readonly places: ReadonlyMap<string, { state: string; counties: string[] }[]>,
    private readonly keysByState: ReadonlyMap<string, ReadonlyMap<string, string>>,
  ) {}

  static load(dir = PLANS_DATA_DIR): ZipCounties {
    return ZipCounties.fromBytes(readFileSync(join(dir, PLAN_FILES.zips.fileName)));
  }

  /** From the gzip file's bytes (`zip,state,counties`, states and counties `;`-joined). */
  static fromBytes(bytes: Buffer): ZipCounties {
    const { fileName, header } = PLAN_FILES.zips;
    return ZipCounties.of(
      readGzipCsv(fileName, bytes, header).map(({ fields: [zip, state, counties] }) => ({
        zip: zip!,
        states: state!.split(';'),
        counties: counties!.split(';').filter(Boolean),
      })),
    );
  }

  /**
   * From rows as the file has them. A ZIP across a state line lists its states and all its counties without saying
   * which county is in which state: each county goes to the state(s) among the ZIP's whose other ZIPs name it.
   */
  static of(rows: readonly { zip: string; states: string[]; counties: string[] }[]): ZipCounties {
    const keys = new Map<string, Map<string, string>>();
    const add = (state: string, county: string): void => {
      let inState = keys.get(state);
      if (!inState) keys.set(state, (inState = new Map()));
      inState.set(countyKey(county, state), county);
    };
    for (const row of rows) if (row.states.length === 1) for (const county of row.counties) add(row.states[0]!, county);
    const places = new Map<string, { state: string; counties: string[] }[]>();
    for (const row of rows) {
      if (row.states.length === 1) {
        places.set(row.zip, [{ state: row.states[0]!, counties: row.counties }]);
        continue;
      }
      const byState = row.states.map((state) => ({ state, counties: [] as string[] }));
      for (const county of row.counties) {
        const owners = byState.filter((entry) => keys.get(entry.state)?.has(countyKey(county, entry.state)));
        for (const owner of owners.length ? owners : byState.slice(0, 1)) owner.counties.push(county);
      }
      for (const entry of byState) for (const county of entry.counties) add(entry.state, county);
      places.set(
        row.zip,
        byState.filter((entry) => entry.counties.length),
      );
    }
    return new ZipCounties(places, keys);
  }

  /**
   * Where the ZIP lies; with `state` (the member's address), that state's part of a ZIP across a state line. null: a
   * ZIP the file does not know (PO-box and unique ZIPs have no ZCTA), or not 5 digits.
   */
  lookup(zip: string, state?: string): ZipPlace | null {
    const places = /^\d{5}$/.test(zip) ? this.places.get(zip) : undefined;
    if (!places?.length) return null;
    const chosen = places.find((place) => place.state === state) ?? places[0]!;
    return {
      zip,
      state: chosen.state,
      counties: [...chosen.counties],
      otherStates: places.filter((place) => place !== chosen).map((place) => ({ state: place.state, counties: [...place.counties] })),
    };
  }

  /** How many ZIPs the table places. */
  get size(): number {
    return this.places.size;
  }

  /** Whether the state has a county of that name (by countyKey). */
  hasCounty(state: string, county: string): boolean {
    return this.keysByState.get(state)?.has(countyKey(county, state)) ?? false;
  }

  /** Every county key of a state with the ZIP file's name for it. */
  countiesOf(state: string): ReadonlyMap<string, string> {
    return this.keysByState.get(state) ?? new Map();
  }
}
