import { formatMoney, formatPriceDate, hasPrice, MISSING_MONEY, parseMoney } from '../lib/format';

describe('money formatting (part 2 §5)', () => {
  it.each([
    ['1505.9', '$1,505.90'],
    ['1205.5', '$1,205.50'],
    ['$1,505.90', '$1,505.90'],
    ['$9.50', '$9.50'],
    [' $ 12 ', '$12.00'],
    ['0.005', '$0.01'],
    [12.345, '$12.35'],
    ['-40.5', '-$40.50'],
    ['1234567.891', '$1,234,567.89'],
    ['.5', '$0.50'],
  ])('shows %p as %p', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it.each([['0'], ['0.00'], ['$0'], [0], ['0.004'], ['-0.001']])('shows zero (%p) as $0', (value) => {
    expect(formatMoney(value)).toBe('$0');
  });

  it('shows a missing amount as N/A and anything not numeric as received', () => {
    expect(formatMoney(null)).toBe(MISSING_MONEY);
    expect(formatMoney(undefined)).toBe(MISSING_MONEY);
    expect(formatMoney('  ')).toBe(MISSING_MONEY);
    expect(formatMoney('N/A')).toBe('N/A');
    expect(formatMoney('Free with coupon')).toBe('Free with coupon');
    expect(formatMoney('12.3.4')).toBe('12.3.4');
  });

  it('parses the amount behind a formatted string', () => {
    expect(parseMoney('$1,505.90')).toBe(1505.9);
    expect(parseMoney('N/A')).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(null)).toBeNull();
  });

  it('acts on a price only when it is a number', () => {
    expect(hasPrice('$9.50')).toBe(true);
    expect(hasPrice('N/A')).toBe(false);
    expect(hasPrice(null)).toBe(false);
  });
});

describe('price dates', () => {
  it('writes dates in words without moving them a day', () => {
    expect(formatPriceDate('2026-04-29')).toBe('Apr 29, 2026');
    expect(formatPriceDate('2026-04-29T23:30:00.000Z')).toBe('Apr 29, 2026');
    expect(formatPriceDate('2026-02-30')).toBe('2026-02-30');
    expect(formatPriceDate(null)).toBeNull();
  });
});
