import { institutional, officeVisit, professional } from '../../../../test/factories/plan.factory';
import { categorizeClaims, categoryOfProfessionalLine, type RankableClaim } from './care-categories';

const categoryOf = (code: string | null, placeOfService = '11') =>
  categoryOfProfessionalLine({ code, placeOfService, revenue: null, allowed: 1 });

describe('categoryOfProfessionalLine', () => {
  it.each([
    ['99213', '11', 'primaryCare'],
    ['99205', '11', 'primaryCare'],
    ['99213', '02', 'telehealth'],
    ['99213', '10', 'telehealth'],
    ['99284', '23', 'emergency'],
    ['99213', '23', 'emergency'],
    ['99213', '20', 'urgentCare'],
    ['99232', '21', 'specialist'],
    ['99307', '31', 'specialist'],
    ['90834', '21', 'mentalHealth'],
    ['G0439', '11', 'preventive'],
    ['G0402', '11', 'preventive'],
    ['77067', '22', 'preventive'],
    ['G0121', '24', 'preventive'],
    ['82270', '81', 'preventive'],
    ['3014F', '11', 'preventive'],
    ['90662', '11', 'preventive'],
    ['90471', '11', 'preventive'],
    ['G0008', '11', 'preventive'],
    ['99397', '11', 'preventive'],
    ['G0438', '23', 'preventive'],
    ['80061', '11', 'labs'],
    ['82947', '11', 'labs'],
    ['85025', '11', 'labs'],
    ['36415', '11', 'labs'],
    ['99213', '81', 'labs'],
    ['71046', '22', 'outpatientXray'],
    ['73130', '11', 'outpatientXray'],
    ['73564', '11', 'outpatientXray'],
    ['73580', '11', 'diagnosticRadiology'],
    ['70450', '22', 'diagnosticRadiology'],
    ['72148', '22', 'diagnosticRadiology'],
    ['76700', '11', 'diagnosticRadiology'],
    ['78452', '11', 'diagnosticRadiology'],
    ['77385', '22', 'other'],
    ['93000', '11', 'diagnosticTests'],
    ['94010', '11', 'diagnosticTests'],
    ['A0427', '41', 'ambulance'],
    ['A0999', '41', 'ambulance'],
    ['97110', '11', 'physicalTherapy'],
    ['97161', '11', 'physicalTherapy'],
    ['97166', '11', 'occupationalTherapy'],
    ['92507', '11', 'physicalTherapy'],
    ['90791', '11', 'mentalHealth'],
    ['E0601', '12', 'durableEquipment'],
    ['K0001', '12', 'durableEquipment'],
    ['J1100', '11', 'partBDrugs'],
    ['90960', '65', 'dialysis'],
    ['29881', '24', 'specialist'],
    ['99213-25', '11', 'primaryCare'],
    ['ZZZZZ', '11', 'other'],
    [null, '11', 'other'],
  ])('%s at place of service %s -> %s', (code, pos, expected) => {
    expect(categoryOf(code, pos)).toBe(expected);
  });
});

describe('categorizeClaims', () => {
  it('counts the most-seen office provider as the primary doctor, every other office doctor as a specialist', () => {
    const claims: RankableClaim[] = [
      officeVisit('2025-02-01', 120, 'Dr. Adams'),
      officeVisit('2025-03-01', 120, 'DR.  ADAMS'),
      officeVisit('2025-04-01', 200, 'Dr. Baker'),
      officeVisit('2025-05-01', 90, null),
    ];
    const profile = categorizeClaims(claims);
    expect(profile.primaryProvider).toBe('DR. ADAMS');
    expect(profile.units.map((unit) => [unit.date, unit.category, unit.allowed])).toEqual([
      ['2025-02-01', 'primaryCare', 12000],
      ['2025-03-01', 'primaryCare', 12000],
      ['2025-04-01', 'specialist', 20000],
      ['2025-05-01', 'primaryCare', 9000],
    ]);
    expect(profile.officeVisitsWithoutProvider).toBe(1);
  });

  it('breaks a tie for primary doctor by the earlier first visit, whatever the input order', () => {
    const claims = [officeVisit('2025-06-01', 100, 'Dr. Zed'), officeVisit('2025-01-15', 100, 'Dr. Young')];
    expect(categorizeClaims(claims).primaryProvider).toBe('DR. YOUNG');
    expect(categorizeClaims([...claims].reverse()).primaryProvider).toBe('DR. YOUNG');
  });

  it('gives each line of a claim its own category, one unit per claim and category', () => {
    const claim = professional('2025-03-03', [
      { code: '99214', allowed: 130 },
      { code: '80053', allowed: 14.5 },
      { code: '85025', allowed: 8 },
      { code: '71046', allowed: 30 },
    ]);
    const { units } = categorizeClaims([claim]);
    expect(units.map((unit) => [unit.category, unit.allowed])).toEqual([
      ['labs', 2250],
      ['outpatientXray', 3000],
      ['primaryCare', 13000],
    ]);
  });

  it('makes an inpatient or SNF stay one unit for the whole claim, with its days', () => {
    const stay = institutional(
      'inpatient',
      '2025-04-10',
      [
        { revenue: '0120', allowed: 9000 },
        { revenue: '0300', code: '80053', allowed: 40 },
        { revenue: '0250', allowed: 500 },
      ],
      { stayDays: 4 },
    );
    const snf = institutional('snf', '2025-04-14', [{ revenue: '0022', allowed: 6000 }], { stayDays: 25 });
    const { units } = categorizeClaims([snf, stay]);
    expect(units.map((unit) => [unit.category, unit.allowed, unit.days])).toEqual([
      ['inpatient', 954000, 4],
      ['skilledNursing', 600000, 25],
    ]);
  });

  it('tells an ER or urgent care visit on an outpatient facility claim by revenue or E/M code; the rest by line', () => {
    const er = institutional('outpatient', '2025-05-01', [
      { revenue: '0450', code: '99284', allowed: 900 },
      { revenue: '0300', code: '80053', allowed: 40 },
      { revenue: '0636', code: '90662', allowed: 30 },
    ]);
    const urgent = institutional('outpatient', '2025-05-02', [{ revenue: '0456', allowed: 180 }]);
    const clinic = institutional('outpatient', '2025-05-03', [{ revenue: '0516', allowed: 150 }]);
    const erByCode = institutional('outpatient', '2025-05-04', [{ revenue: '0510', code: 'G0383', allowed: 300 }]);
    const surgery = institutional('outpatient', '2025-05-05', [
      { revenue: '0360', code: '29881', allowed: 2500 },
      { revenue: '0324', allowed: 60 },
      { revenue: '0320', code: '73721', allowed: 400 },
      { revenue: '0420', allowed: 120 },
    ]);
    const { units } = categorizeClaims([er, urgent, clinic, erByCode, surgery]);
    expect(units.map((unit) => [unit.date, unit.category, unit.allowed])).toEqual([
      ['2025-05-01', 'emergency', 94000],
      ['2025-05-01', 'preventive', 3000],
      ['2025-05-02', 'urgentCare', 18000],
      ['2025-05-03', 'urgentCare', 15000],
      ['2025-05-04', 'emergency', 30000],
      ['2025-05-05', 'diagnosticRadiology', 40000],
      ['2025-05-05', 'outpatientHospital', 250000],
      ['2025-05-05', 'outpatientXray', 6000],
      ['2025-05-05', 'physicalTherapy', 12000],
    ]);
  });

  it('makes the facility and the doctor bills of one ER day one visit (one copay)', () => {
    const facility = institutional('outpatient', '2025-07-04', [{ revenue: '0450', allowed: 1200 }]);
    const doctor = professional('2025-07-04', [{ code: '99285', placeOfService: '23', allowed: 250 }]);
    const { units } = categorizeClaims([doctor, facility]);
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ category: 'emergency', allowed: 145000, claimIds: [doctor.id, facility.id].sort() });
  });

  it('infers an institutional claim without a subtype from its revenue codes', () => {
    const inpatient = institutional('', '2025-01-01', [{ revenue: '0110', allowed: 5000 }], { subtype: null, stayDays: 3 });
    const snf = institutional('', '2025-02-01', [{ revenue: '0022', allowed: 4000 }], { subtype: null, stayDays: 10 });
    const outpatient = institutional('', '2025-03-01', [{ revenue: '0320', allowed: 100 }], { subtype: null });
    expect(categorizeClaims([inpatient, snf, outpatient]).units.map((unit) => unit.category)).toEqual([
      'inpatient',
      'skilledNursing',
      'diagnosticRadiology',
    ]);
  });

  it('shares the claim total among lines without an amount; a claim without lines is one line', () => {
    const claim = professional('2025-03-03', [{ code: '99213', allowed: 100 }, { code: '80053' }, { code: '71046' }], { allowed: 150.01 });
    const bare: RankableClaim = { ...professional('2025-03-04', []), lines: [], allowed: 75, subtype: 'dme' };
    const { units } = categorizeClaims([claim, bare]);
    expect(units.map((unit) => [unit.category, unit.allowed])).toEqual([
      ['labs', 2501],
      ['outpatientXray', 2500],
      ['primaryCare', 10000],
      ['durableEquipment', 7500],
    ]);
  });

  it('leaves out, with a reason, claims it cannot or must not cost', () => {
    const noAmount = { ...professional('2025-01-01', [{ code: '99213' }]), allowed: null };
    const negative = professional('2025-01-02', [{ code: '99213', allowed: -50 }]);
    const vision: RankableClaim = { ...professional('2025-01-03', [{ code: '92014', allowed: 90 }]), claimType: 'vision', subtype: null };
    const hospice = institutional('hospice', '2025-01-04', [{ revenue: '0651', allowed: 5000 }]);
    const noDate = { ...officeVisit('2025-01-05', 100), serviceDate: '' };
    const kept = officeVisit('2025-01-06', 100);
    const profile = categorizeClaims([noAmount, negative, vision, hospice, noDate, kept]);
    expect(profile.units).toHaveLength(1);
    expect(Object.fromEntries(profile.skipped.map((skip) => [skip.claimId, skip.reason]))).toEqual({
      [noAmount.id]: 'no-amount',
      [negative.id]: 'invalid-amount',
      [vision.id]: 'not-medical',
      [hospice.id]: 'hospice',
      [noDate.id]: 'invalid-date',
    });
  });
});

describe('categorizeClaims on bad stay lengths', () => {
  it('keeps a stay within one day and a year', () => {
    const long = institutional('inpatient', '2025-01-01', [{ revenue: '0120', allowed: 1000 }], { stayDays: 1e9 });
    const none = institutional('snf', '2025-02-01', [{ revenue: '0022', allowed: 1000 }], { stayDays: Number.NaN });
    expect(categorizeClaims([long, none]).units.map((unit) => unit.days)).toEqual([366, 1]);
  });
});
