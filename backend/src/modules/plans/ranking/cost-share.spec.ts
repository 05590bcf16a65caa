import { coinsurance, copay, perDay, share } from '../../../../test/factories/plan.factory';
import { onlyPercent, perDayCost, ruleOf, unitCost, uncappedCost } from './cost-share';

describe('ruleOf', () => {
  it('reads a copay range at its top and names the range', () => {
    expect(ruleOf(copay(50, 0), 20)).toEqual({
      kind: 'priced',
      copay: 5000,
      percent: null,
      perStay: null,
      perDay: null,
      text: '$50 copay (the top of $0-$50)',
    });
  });

  it('knows a $0 cell, a not-covered cell and an unreadable one', () => {
    expect(ruleOf(copay(0), 20).kind).toBe('free');
    expect(ruleOf(share({ coinsurance: { min: 0, max: 0 }, copay: { min: 0, max: 0 } }), 20).kind).toBe('free');
    expect(ruleOf(share({ notCovered: true }), 20).kind).toBe('not-covered');
    expect(ruleOf(share(), 20)).toEqual({ kind: 'unread', percent: 20, text: '20% coinsurance' });
    expect(ruleOf(null, 25)).toEqual({ kind: 'unread', percent: 25, text: '25% coinsurance' });
  });

  it('writes combined parts as alternatives, and a stay amount with a percent as a sum', () => {
    expect(ruleOf(share({ copay: { min: 40, max: 40 }, coinsurance: { min: 20, max: 20 } }), 20).text).toBe(
      'the costlier of $40 copay or 20% coinsurance',
    );
    expect(ruleOf(share({ perStay: 100, coinsurance: { min: 20, max: 20 } }), 20).text).toBe('$100 a stay and 20% coinsurance');
  });
});

describe('unitCost', () => {
  it('never charges more than the service cost', () => {
    expect(unitCost(ruleOf(copay(40), 20), 2500)).toBe(2500);
    expect(uncappedCost(ruleOf(copay(40), 20), 2500)).toBe(4000);
    expect(unitCost(ruleOf(share({ notCovered: true }), 20), 2500)).toBe(2500);
  });

  it('takes coinsurance of the cost, and the costlier of alternatives', () => {
    expect(unitCost(ruleOf(coinsurance(20), 20), 12345)).toBe(2469);
    const either = ruleOf(share({ copay: { min: 40, max: 40 }, coinsurance: { min: 20, max: 20 } }), 20);
    expect(unitCost(either, 10000)).toBe(4000);
    expect(unitCost(either, 50000)).toBe(10000);
  });

  it('sums per-day bands over the days of a stay', () => {
    const bands = perDay([1, 5, 300], [6, 90, 0], [91, 150, 100]).perDay!;
    expect(perDayCost(bands, 3)).toBe(90000);
    expect(perDayCost(bands, 10)).toBe(150000);
    expect(perDayCost(bands, 95)).toBe(150000 + 5 * 10000);
    expect(unitCost(ruleOf(perDay([1, 5, 300]), 20), 1_000_000, 7)).toBe(150000);
  });

  it('treats a coinsurance-only rule as a percent of a total', () => {
    expect(onlyPercent(ruleOf(coinsurance(20, 0), 20))).toBe(20);
    expect(onlyPercent(ruleOf(share(), 20))).toBe(20);
    expect(onlyPercent(ruleOf(copay(5), 20))).toBeNull();
  });
});

describe('ruleOf with $0 parts', () => {
  it('leaves out a $0 part that cannot be the costlier one', () => {
    const stay = share({
      perDay: [
        { fromDay: 1, toDay: 6, perDay: 325 },
        { fromDay: 7, toDay: 90, perDay: 0 },
      ],
      perStay: 0,
    });
    expect(ruleOf(stay, 20).text).toBe('$325 a day for days 1-6, $0 a day for days 7-90');
    expect(ruleOf(share({ copay: { min: 0, max: 0 }, coinsurance: { min: 20, max: 20 } }), 20)).toMatchObject({
      copay: null,
      percent: 20,
      text: '20% coinsurance',
    });
  });
});
