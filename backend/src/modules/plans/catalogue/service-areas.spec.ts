import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAN_FILES, PLANS_DATA_DIR, readPlanCounties, readPlansByState, type LandscapeListing } from './catalogue-files';
import { buildServiceAreas } from './service-areas';
import { ZipCounties } from './zip-counties';

const listing = (bidId: string, state: string, allCounties = false): LandscapeListing => ({
  bidId,
  state,
  category: allCounties ? 'PDP' : 'MA-PD',
  planType: allCounties ? 'PDP' : 'HMO',
  allCounties,
  planName: bidId,
  carrier: 'Carrier',
});

describe('buildServiceAreas', () => {
  const counties: Record<string, string[]> = { CT: ['hartford', 'washington'], ME: ['androscoggin', 'washington'], RI: ['washington'] };
  const hasCounty = (state: string, county: string) => counties[state]?.includes(county.toLowerCase()) ?? false;

  it('lists whole-state plans once per state and county plans by county key', () => {
    const { rows, stats } = buildServiceAreas(
      [listing('S0001_001_0', 'CT', true), listing('H0001_001_0', 'CT')],
      [{ bidId: 'H0001_001_0', state: 'CT', county: 'Hartford' }],
      hasCounty,
    );
    expect(rows).toEqual([
      { bidId: 'S0001_001_0', state: 'CT', county: '', countyName: '' },
      { bidId: 'H0001_001_0', state: 'CT', county: 'hartford', countyName: 'Hartford' },
    ]);
    expect(stats).toEqual({ unmatched: [], relabelled: 0, statesWithoutCounties: [] });
  });

  it("places a multi-state plan's counties in the states that have them, not in the label's state", () => {
    const { rows, stats } = buildServiceAreas(
      [listing('H0002_001_0', 'CT'), listing('H0002_001_0', 'ME'), listing('H0002_001_0', 'NH')],
      [
        { bidId: 'H0002_001_0', state: 'CT', county: 'Androscoggin' },
        { bidId: 'H0002_001_0', state: 'CT', county: 'Washington' },
        { bidId: 'H0002_001_0', state: 'CT', county: 'Nowhere' },
      ],
      hasCounty,
    );
    expect(rows.map((row) => `${row.state} ${row.county}`).sort()).toEqual([
      'CT nowhere',
      'CT washington',
      'ME androscoggin',
      'ME washington',
    ]);
    expect(stats.relabelled).toBe(2);
    expect(stats.unmatched).toEqual([{ bidId: 'H0002_001_0', state: 'CT', county: 'Nowhere' }]);
    expect(stats.statesWithoutCounties).toEqual([{ bidId: 'H0002_001_0', state: 'NH' }]);
  });

  it('places the real Landscape lists: every listed state of a plan gets counties but one typo', () => {
    const file = (name: string) => readFileSync(join(PLANS_DATA_DIR, name));
    const zips = ZipCounties.load();
    const { rows, stats } = buildServiceAreas(
      readPlansByState(file(PLAN_FILES.byState.fileName)),
      readPlanCounties(file(PLAN_FILES.counties.fileName)),
      (state, county) => zips.hasCounty(state, county),
    );
    expect(stats.unmatched).toEqual([{ bidId: expect.any(String), state: 'NE', county: 'Yorkx' }]);
    expect(stats.statesWithoutCounties).toEqual([]);
    expect(rows.length).toBeGreaterThan(136_000);
  });
});
