import { drugNameOf, FILL_QUANTITY, npiCheckDigit, PHARMACIES, priceOffer, PriceList, strengthOf, type NadacRate } from './price-list';

describe('coupon price list (NADAC 2026-04-29)', () => {
  const list = PriceList.load();

  it('knows the date of its NADAC file', () => {
    expect(list.asOf).toBe('2026-04-29');
  });

  it('finds Atorvastatin by name, any case, strengths in order, each with Lipitor as its brand', () => {
    const drugs = list.search('atorVASTATIN');
    expect(drugs.map((d) => d.strength)).toEqual(['10 MG TABLET', '20 MG TABLET', '40 MG TABLET', '80 MG TABLET']);
    const [first] = drugs;
    expect(first).toMatchObject({ name: 'Atorvastatin', brandName: 'Lipitor' });
    expect(first!.generic).toMatchObject({ description: 'ATORVASTATIN 10 MG TABLET', priceDate: '2026-04-22', unit: 'EA', quantity: 30 });
    expect(first!.brand).toMatchObject({ description: 'LIPITOR 10 MG TABLET', ndc: '58151015577', priceDate: '2026-01-01' });
  });

  it('finds the same drug by its brand name, and by a substring', () => {
    expect(list.search('Lipitor')[0]).toMatchObject({ name: 'Atorvastatin', generic: { description: 'ATORVASTATIN 10 MG TABLET' } });
    expect(list.search('vastat').some((d) => d.name === 'Atorvastatin')).toBe(true);
  });

  it('answers nothing for a name no description contains', () => {
    expect(list.search('zzqx-not-a-drug')).toEqual([]);
    expect(list.search('   ')).toEqual([]);
  });

  it('prices an NDC of the brand at that NDC, with its generic beside it', () => {
    const drug = list.drugOfNdc('58151015577');
    expect(drug?.brand?.ndc).toBe('58151015577');
    expect(drug?.generic?.description).toBe('ATORVASTATIN 10 MG TABLET');
    expect(list.drugOfNdc('00000000000')).toBeNull();
  });

  it('prices a fill as NADAC x 30 units marked up per pharmacy, every coupon price below retail, cheapest first', () => {
    const rate: NadacRate = {
      description: 'ATORVASTATIN 10 MG TABLET',
      ndcs: ['00093505610'],
      perUnit: 0.02483,
      unit: 'EA',
      brand: false,
      effectiveDate: '2026-04-22',
      genericDescription: null,
    };
    const offer = priceOffer(rate);
    const cost = 0.02483 * FILL_QUANTITY;
    expect(offer.retailPrice).toBeCloseTo(cost * 3 + 15, 2);
    expect(offer.prices).toHaveLength(PHARMACIES.length);
    const amounts = offer.prices.map((p) => p.price);
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    for (const p of offer.prices) {
      expect(p.price).toBeLessThan(offer.retailPrice);
      expect(p.price).toBeGreaterThan(cost);
    }
    // Deterministic: the same rate costs the same on every call.
    expect(priceOffer(rate)).toEqual(offer);
  });

  it('keeps brand coupon prices below brand retail across the whole list', () => {
    for (const drug of list.search('a', 200)) {
      for (const offer of [drug.brand, drug.generic]) {
        if (offer) expect(offer.prices[0]!.price).toBeLessThan(offer.retailPrice);
      }
    }
  });

  it('names drugs and strengths from NADAC descriptions', () => {
    expect(drugNameOf('OXYCODONE-ACETAMINOPHEN 5-325 MG TABLET')).toBe('Oxycodone-Acetaminophen');
    expect(strengthOf('OXYCODONE-ACETAMINOPHEN 5-325 MG TABLET')).toBe('5-325 MG TABLET');
    expect(drugNameOf('NUVARING VAGINAL RING')).toBe('Nuvaring Vaginal Ring');
  });

  it('gives its pharmacies NPIs with a valid check digit', () => {
    for (const p of PHARMACIES) expect(Number(p.npi[9])).toBe(npiCheckDigit(p.npi.slice(0, 9)));
    // CMS's published example NPI.
    expect(npiCheckDigit('123456789')).toBe(3);
  });
});
