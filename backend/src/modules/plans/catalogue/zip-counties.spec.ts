import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAN_FILES, PLANS_DATA_DIR, readPlanCounties, readPlansByState } from './catalogue-files';
import { countyKey, ZipCounties } from './zip-counties';

describe('countyKey', () => {
  it('matches the Census names of the ZIP file with the Landscape names', () => {
    const pairs: [string, string][] = [
      ['Autauga County', 'Autauga'],
      ['Adjuntas Municipio', 'Adjuntas'],
      ['Anchorage Municipality', 'Anchorage'],
      ['Orleans Parish', 'Orleans'],
      ['Juneau City and Borough', 'Juneau'],
      ['Bethel Census Area', 'Bethel'],
      ['St. Louis city', 'St. Louis City'],
      ['Doña Ana County', 'Dona Ana'],
      ['De Baca County', 'DeBaca'],
      ['LaSalle Parish', 'La Salle'],
      ['Saint Clair County', 'St. Clair'],
    ];
    for (const [zipName, landscapeName] of pairs) expect(countyKey(zipName)).toBe(countyKey(landscapeName));
  });

  it('keeps an independent city apart from the county of the same name, and knows renamed counties', () => {
    expect(countyKey('St. Louis city')).not.toBe(countyKey('St. Louis County'));
    expect(countyKey('Fairfax city')).not.toBe(countyKey('Fairfax'));
    expect(countyKey('Shannon County', 'SD')).toBe(countyKey('Oglala Lakota', 'SD'));
    expect(countyKey('Shannon County', 'MO')).toBe('shannon');
  });
});

describe('ZipCounties', () => {
  const zips = ZipCounties.of([
    { zip: '35004', states: ['AL'], counties: ['St. Clair County'] },
    { zip: '30165', states: ['GA'], counties: ['Floyd County'] },
    { zip: '35960', states: ['AL'], counties: ['Cherokee County'] },
    { zip: '30731', states: ['AL', 'GA'], counties: ['Cherokee County', 'Floyd County'] },
  ]);

  it('answers the state and counties of a ZIP, and nothing for an unknown or malformed one', () => {
    expect(zips.lookup('35004')).toEqual({ zip: '35004', state: 'AL', counties: ['St. Clair County'], otherStates: [] });
    expect(zips.lookup('99999')).toBeNull();
    expect(zips.lookup('3500')).toBeNull();
    expect(zips.lookup("35004' OR 1=1")).toBeNull();
  });

  it('splits a ZIP across a state line by the counties each state has, the member’s state first', () => {
    expect(zips.lookup('30731')).toEqual({
      zip: '30731',
      state: 'AL',
      counties: ['Cherokee County'],
      otherStates: [{ state: 'GA', counties: ['Floyd County'] }],
    });
    expect(zips.lookup('30731', 'GA')?.counties).toEqual(['Floyd County']);
    expect(zips.hasCounty('AL', 'St. Clair')).toBe(true);
    expect(zips.hasCounty('GA', 'St. Clair')).toBe(false);
  });

  it('finds nearly every county of the Landscape in the repo ZIP file', () => {
    const real = ZipCounties.load();
    const file = (name: string) => readFileSync(join(PLANS_DATA_DIR, name));
    const states = new Map<string, Set<string>>();
    for (const listing of readPlansByState(file(PLAN_FILES.byState.fileName))) {
      states.set(listing.bidId, (states.get(listing.bidId) ?? new Set()).add(listing.state));
    }
    const counties = new Set<string>();
    const unmatched = new Set<string>();
    for (const row of readPlanCounties(file(PLAN_FILES.counties.fileName))) {
      const key = `${row.state} ${row.county}`;
      counties.add(key);
      // The county list labels a multi-state plan's counties with one of its states: any of them will do here.
      if (![...(states.get(row.bidId) ?? [])].some((state) => real.hasCounty(state, row.county))) unmatched.add(key);
    }
    expect(counties.size).toBeGreaterThan(6000);
    // Only a typo of the source ("Yorkx" for York, Nebraska) is left.
    expect([...unmatched].sort()).toEqual(['NE Yorkx']);
    expect(real.lookup('00601')).toMatchObject({ state: 'PR', counties: ['Adjuntas Municipio', 'Utuado Municipio'] });
  });
});
