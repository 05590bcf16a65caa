import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAN_FILES, PLANS_DATA_DIR, readPlanDetails } from './catalogue-files';
import { emptyShare, isReadCost, parseServiceCost } from './cost-text';

const share = (parts: Partial<ReturnType<typeof emptyShare>>) => ({ ...emptyShare(), ...parts });

describe('parseServiceCost', () => {
  it('reads both sides of "In-network: ... | Out-of-network: ..." and keeps the text', () => {
    expect(parseServiceCost('In-network: $0-$315 copay | Out-of-network: 50% coinsurance', ['limits_apply'])).toEqual({
      text: 'In-network: $0-$315 copay | Out-of-network: 50% coinsurance',
      inNetwork: share({ copay: { min: 0, max: 315 } }),
      outOfNetwork: share({ coinsurance: { min: 50, max: 50 } }),
      flags: ['limits_apply'],
    });
  });

  it('reads one figure for both sides as in network, with no out-of-network side', () => {
    expect(parseServiceCost('$130 copay')).toMatchObject({ inNetwork: share({ copay: { min: 130, max: 130 } }), outOfNetwork: null });
    expect(parseServiceCost('$0.00 copay').inNetwork).toEqual(share({ copay: { min: 0, max: 0 } }));
    expect(parseServiceCost('47% coinsurance').inNetwork).toEqual(share({ coinsurance: { min: 47, max: 47 } }));
    expect(parseServiceCost('0%-20% coinsurance').inNetwork).toEqual(share({ coinsurance: { min: 0, max: 20 } }));
  });

  it('reads per-day bands and the per-stay amount of a hospital cell, tier 1', () => {
    const cost = parseServiceCost(
      'In-network:Tier 1 ; $290 per day for days 1-7 ; $0 per day for days 8-90 ; $0 per stay ; Out-of-network: ; 50% per stay',
    );
    expect(cost.inNetwork).toEqual(
      share({
        perDay: [
          { fromDay: 1, toDay: 7, perDay: 290 },
          { fromDay: 8, toDay: 90, perDay: 0 },
        ],
        perStay: 0,
      }),
    );
    expect(cost.outOfNetwork).toEqual(share({ coinsurance: { min: 50, max: 50 } }));
    // A second hospital tier written straight after the first is not mixed into tier 1.
    expect(parseServiceCost('Tier 1 ; $100 per stayTier 2 ; $500 per stay').inNetwork).toEqual(share({ perStay: 100 }));
  });

  it('reads lifetime reserve days as a band and "$X and Y% per stay" as both', () => {
    expect(parseServiceCost('Tier 1 ; $0 per day for days 1-90 ; $800 Lifetime Reserve Days for days 91-150').inNetwork?.perDay).toEqual([
      { fromDay: 1, toDay: 90, perDay: 0 },
      { fromDay: 91, toDay: 150, perDay: 800 },
    ]);
    expect(parseServiceCost('Tier 1 ; $0 per day for days 1-5 ; Out-of-network: ; $500 and 20% per stay').outOfNetwork).toEqual(
      share({ perStay: 500, coinsurance: { min: 20, max: 20 } }),
    );
  });

  it('reads a copay and a coinsurance together, and alternatives as a range', () => {
    expect(parseServiceCost('In-network: $0 copay | Out-of-network: $0 copay, 0% coinsurance').outOfNetwork).toEqual(
      share({ copay: { min: 0, max: 0 }, coinsurance: { min: 0, max: 0 } }),
    );
    expect(parseServiceCost('In-network: $0 or $5-$40 copay, 0% or 20% coinsurance').inNetwork).toEqual(
      share({ copay: { min: 0, max: 40 }, coinsurance: { min: 0, max: 20 } }),
    );
    expect(parseServiceCost('Greater of 20% coinsurance and $1,250 copay').inNetwork).toEqual(
      share({ copay: { min: 1250, max: 1250 }, coinsurance: { min: 20, max: 20 } }),
    );
    // "$0 or $100 per day": the higher, what a member without help pays.
    expect(parseServiceCost('Tier 1 ; $0 or $100 per day for days 1-5').inNetwork?.perDay).toEqual([{ fromDay: 1, toDay: 5, perDay: 100 }]);
  });

  it('marks "Not covered", and reads nothing from an empty or dashed cell', () => {
    expect(parseServiceCost('Not covered')).toMatchObject({ inNetwork: share({ notCovered: true }), outOfNetwork: null });
    for (const text of ['', '—', 'Some coverage']) {
      const cost = parseServiceCost(text);
      expect(cost.inNetwork).toEqual(emptyShare());
      expect(isReadCost(cost)).toBe(false);
    }
    // An empty out-of-network side (an HMO's hospital cell) is no side.
    expect(parseServiceCost('In-network:Tier 1 ; $0 per stay ; Out-of-network:').outOfNetwork).toBeNull();
  });
});

describe('every cost-sharing cell of the repo copy', () => {
  it('reads all but the cells that state no cost', () => {
    const plans = readPlanDetails(readFileSync(join(PLANS_DATA_DIR, PLAN_FILES.details.fileName)));
    let cells = 0;
    const unread = new Map<string, number>();
    for (const plan of plans) {
      for (const table of plan.tables) {
        if (table.section === 'overview' || table.section === 'optional-packages') continue;
        for (const row of table.rows) {
          // Only the initial phase of a drug tier is read (DrugTier.initial); the catastrophic cell is shown as text.
          const values = table.section === 'drug-coverage' && row.values.length > 1 ? row.values.slice(0, 1) : row.values;
          for (const value of values) {
            cells++;
            if (!isReadCost(parseServiceCost(value))) unread.set(value, (unread.get(value) ?? 0) + 1);
          }
        }
      }
    }
    // "Some coverage" (a special-needs benefit whose terms the page does not give) is the only cell read as nothing.
    expect(cells).toBeGreaterThan(400_000);
    expect(Object.fromEntries(unread)).toEqual({ 'Some coverage': 297 });
  });
});
