import { monthlyOf } from '@healthlink/contracts';
import { formatMoney, formatPercent, formatRate, percentOf, toCents, toDollars } from './money';

describe('money', () => {
  it.each([
    [0, 0],
    [1.005, 101],
    [1234.565, 123457],
    [0.1 + 0.2, 30],
    [-12, -1200],
    [-0.005, -1],
    [19.99, 1999],
  ])('toCents(%p) = %p (half away from zero, without binary noise)', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it.each([
    [123456, '$1,234.56'],
    [-1200, '-$12.00'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000000, '$1,000,000.00'],
  ])('formatMoney(%p) = %p', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('writes a rate as the plan does: whole dollars without cents', () => {
    expect(formatRate(500)).toBe('$5');
    expect(formatRate(173600)).toBe('$1,736');
    expect(formatRate(20290)).toBe('$202.90');
    expect(formatPercent(20)).toBe('20%');
    expect(formatPercent(12.5)).toBe('12.5%');
  });

  it('takes a percent once, rounded half up to the cent', () => {
    expect(percentOf(120400, 25)).toBe(30100);
    expect(percentOf(333, 20)).toBe(67); // 66.6 cents
    expect(percentOf(250, 1)).toBe(3); // 2.5 cents
    expect(percentOf(0, 20)).toBe(0);
  });

  it('makes the monthly columns with the contract’s monthlyOf', () => {
    expect(toCents(monthlyOf(toDollars(100000)))).toBe(8333);
    expect(toCents(monthlyOf(toDollars(-1200)))).toBe(-100);
  });
});
