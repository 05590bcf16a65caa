import { cheapestRate, fillCents, fillPrice, quantityFor, rateProblem, savings, type NadacRate } from './fill-price';

const rate = (overrides: Partial<NadacRate> = {}): NadacRate => ({
  ndc11: '00093505610',
  source: 'nadac-weekly',
  perUnit: '0.02483',
  pricingUnit: 'EA',
  effectiveDate: '2026-04-22',
  classification: 'generic',
  description: 'ATORVASTATIN 10 MG TABLET',
  asOf: '2026-04-29',
  rxnormName: null,
  ...overrides,
});

describe('fill price: quantity x NADAC per unit + $10.50', () => {
  it('multiplies exactly and rounds half up to the cent', () => {
    expect(fillCents(30, '0.02483')).toBe(74 + 1050); // 0.7449 -> 0.74
    expect(fillCents(90, '13.40569')).toBe(120651 + 1050); // 1206.5121 -> 1206.51
    expect(fillCents(2.5, '0.00150')).toBe(0 + 1050); // 0.00375 -> 0.00
    expect(fillCents(1, '0.00500')).toBe(1 + 1050); // 0.005 -> 0.01
    expect(fillCents(0.1, '0.30000')).toBe(3 + 1050); // 0.03 (0.1 x 0.3 in floats is 0.030000000000000002)
  });

  it('says how it was worked out, and when the quantity was assumed', () => {
    expect(fillPrice(rate(), 'EA', { quantity: 30, assumed: true }, 'ATORVASTATIN 10 MG TABLET')).toEqual({
      name: 'ATORVASTATIN 10 MG TABLET',
      ndc11: '00093505610',
      price: '11.24',
      formula: '30 EA (assumed 30 units: a 30-day supply) x $0.02483 NADAC per EA (2026-04-22) + $10.50 dispensing fee = $11.24',
      priceDate: '2026-04-22',
      source: 'CMS NADAC, week of 2026-04-29',
    });
    const old = fillPrice(
      rate({ source: 'nadac-history', pricingUnit: null, effectiveDate: '2022-06-15' }),
      'EA',
      { quantity: 60, assumed: false },
      'x',
    );
    expect(old).toMatchObject({
      priceDate: '2022-06-15',
      source: 'CMS NADAC history, rate of 2022-06-15 (no longer in the weekly survey)',
      formula: '60 EA x $0.02483 NADAC per EA (2022-06-15) + $10.50 dispensing fee = $11.99',
    });
  });

  it("takes the fill's quantity, else assumes 30 units only for drugs priced per EA", () => {
    expect(quantityFor(90, 'EA')).toEqual({ quantity: 90, assumed: false });
    expect(quantityFor(150, 'ML')).toEqual({ quantity: 150, assumed: false });
    expect(quantityFor(null, 'EA')).toEqual({ quantity: 30, assumed: true });
    expect(quantityFor(0, 'EA')).toEqual({ quantity: 30, assumed: true });
    expect(quantityFor(null, 'ML')).toBeNull();
    expect(quantityFor(null, null)).toBeNull();
  });

  it('counts savings only when the price is lower than what was paid', () => {
    expect(savings('25.00', '11.24')).toBe('13.76');
    expect(savings(25, '25.00')).toBeNull();
    expect(savings('5.00', '11.24')).toBeNull();
    expect(savings(null, '11.24')).toBeNull();
    expect(savings('25.00', null)).toBeNull();
  });
});

describe('rateProblem', () => {
  it.each([
    ['-0.50000', 'EA', 'per-unit price is negative'],
    ['0', 'EA', 'per-unit price is zero'],
    ['NaN', 'EA', 'per-unit price "NaN" is not a number'],
    ['250000', 'ML', 'per-unit price is over $100000'],
    ['0.5', 'OZ', 'pricing unit "OZ" is not one of EA, ML, GM'],
    ['0.5', null, 'pricing unit "" is not one of EA, ML, GM'],
  ])('refuses %s per %s', (perUnit, pricingUnit, problem) => {
    expect(rateProblem(rate({ perUnit, pricingUnit }))).toBe(problem);
  });

  it('accepts a history rate without a unit (the history has none)', () => {
    expect(rateProblem(rate({ source: 'nadac-history', pricingUnit: null }))).toBeNull();
  });
});

describe('cheapestRate', () => {
  it('takes the cheapest current rate in the unit, skipping bad ones (reported), before any history rate', () => {
    const invalid = jest.fn();
    const rates = [
      rate({ ndc11: 'a', perUnit: '0.03000' }),
      rate({ ndc11: 'b', perUnit: '0.00000' }),
      rate({ ndc11: 'c', perUnit: '0.01000', pricingUnit: 'GM' }),
      rate({ ndc11: 'd', perUnit: '0.02000' }),
      rate({ ndc11: 'e', perUnit: '0.00100', source: 'nadac-history', pricingUnit: null }),
    ];
    expect(cheapestRate(rates, 'EA', invalid)?.ndc11).toBe('d');
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(invalid).toHaveBeenCalledWith(rates[1], 'per-unit price is zero');
    expect(cheapestRate(rates.slice(4), 'EA', invalid)?.ndc11).toBe('e');
    expect(cheapestRate([rate({ perUnit: '-1' })], 'EA', invalid)).toBeNull();
  });
});
