import type { DataSource } from 'typeorm';
import { buildEob } from '../../../test/factories/health-data.factory';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { claimFromEob, prescriptionsFromEob, type ClaimRow, type FhirInput } from './fhir-projections';
import { HealthDataRepository } from './health-data.repository';
import { MemberCareReader } from './member-care.reader';

const C4BB_ADJ = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication';
const POS = 'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set';
const NUBC = 'https://www.nubc.org/CodeSystem/RevenueCodes';
const HCPCS = 'https://bluebutton.cms.gov/resources/codesystem/hcpcs';
const adj = (code: string, value: number) => ({ category: { coding: [{ system: C4BB_ADJ, code }] }, amount: { value } });

/** A factory EOB with its own lines and extra fields (a subtype, a stay). */
const eob = (id: string, date: string, extra: Record<string, unknown> = {}): FhirInput => ({
  ...buildEob({ id, date, payment: 100, patientPaid: 25 }),
  ...extra,
});

describe('MemberCareReader (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: HealthDataRepository;
  let reader: MemberCareReader;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new HealthDataRepository(dataSource);
    reader = new MemberCareReader(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  /** Stores resources as ingest does: raw, and projected by the real projections. */
  const store = (userId: string, insurer: string, resources: FhirInput[]) =>
    repository.upsertPage(userId, insurer, {
      resources,
      claims: resources.map(claimFromEob).filter((c): c is ClaimRow => c !== null),
      prescriptions: resources.flatMap(prescriptionsFromEob),
      conditions: [],
      coverages: [],
    });

  it("reads the member's medical claims of every insurer in the period, with stays, allowed amounts and care lines", async () => {
    const { id: userId } = await createUser(dataSource);
    const { id: other } = await createUser(dataSource);
    const office = eob('office', '2025-02-10', {
      item: [
        {
          sequence: 1,
          servicedDate: '2025-02-10',
          productOrService: { coding: [{ system: HCPCS, code: '99213' }] },
          locationCodeableConcept: { coding: [{ system: POS, code: '11' }] },
          adjudication: [adj('paidtoprovider', 80), adj('paidbypatient', 20)],
        },
      ],
    });
    const stay = eob('stay', '2025-06-01', {
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'institutional' }] },
      subType: { coding: [{ system: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBInstitutionalClaimSubType', code: 'inpatient' }] },
      billablePeriod: { start: '2025-06-01', end: '2025-06-05' },
      item: [{ sequence: 1, revenue: { coding: [{ system: NUBC, code: '0120' }] }, adjudication: [adj('paidtoprovider', 4000)] }],
    });
    const sameDayStay = eob('same-day', '2025-07-01', {
      subType: { coding: [{ system: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBInstitutionalClaimSubType', code: 'inpatient' }] },
      billablePeriod: { start: '2025-07-01', end: '2025-07-01' },
    });
    const noMoney = buildEob({ id: 'no-money', date: '2025-03-01', payment: 0, patientPaid: null });
    delete (noMoney as { total?: unknown }).total;
    await store(userId, 'uhc', [
      office,
      stay,
      sameDayStay,
      noMoney,
      eob('before', '2024-12-31'),
      eob('after', '2026-01-01'),
      eob('void', '2025-04-01', { status: 'entered-in-error' }),
      eob('withdrawn', '2025-04-02', { status: 'cancelled' }),
      buildEob({ id: 'fill', date: '2025-05-01', drug: { ndc: '00093104801', name: 'Metformin' } }),
    ]);
    await store(userId, 'humana', [eob('second-insurer', '2025-12-31')]);
    await store(other, 'uhc', [eob('not-theirs', '2025-05-05')]);

    const claims = await reader.careClaims(userId, '2025-01-01', '2025-12-31');

    expect(claims.map((c) => [c.serviceDate, c.subtype, c.stayDays, c.allowed])).toEqual([
      ['2025-02-10', null, null, 125],
      ['2025-03-01', null, null, null],
      ['2025-06-01', 'inpatient', 4, 125],
      ['2025-07-01', 'inpatient', 1, 125],
      ['2025-12-31', null, null, 125],
    ]);
    expect(claims[0]).toEqual({
      id: expect.any(String),
      serviceDate: '2025-02-10',
      claimType: 'professional',
      subtype: null,
      stayDays: null,
      provider: 'Dr. Rivera',
      allowed: 125,
      lines: [{ code: '99213', placeOfService: '11', revenue: null, allowed: 100 }],
    });
    expect(claims[2]!.lines).toEqual([{ code: null, placeOfService: null, revenue: '0120', allowed: 4000 }]);
    expect(await reader.careClaims((await createUser(dataSource)).id, '2025-01-01', '2025-12-31')).toEqual([]);
  });

  it("sums the member's own share of the period's medical claims and pharmacy fills, each once; null when none says", async () => {
    const { id: userId } = await createUser(dataSource);
    await store(userId, 'uhc', [
      buildEob({ id: 'visit', date: '2025-02-10', patientPaid: 25.1 }),
      buildEob({ id: 'fill', date: '2025-05-01', patientPaid: 4.2, drug: { ndc: '00093104801', name: 'Metformin' } }),
      buildEob({ id: 'void', date: '2025-04-01', status: 'entered-in-error', patientPaid: 500 }),
      buildEob({ id: 'old', date: '2024-04-01', patientPaid: 700 }),
    ]);
    await store(userId, 'humana', [buildEob({ id: 'visit', date: '2025-12-31', patientPaid: 10 })]);

    expect(await reader.outOfPocket(userId, '2025-01-01', '2025-12-31')).toBe(39.3);
    expect(await reader.outOfPocket(userId, '2023-01-01', '2023-12-31')).toBeNull();
  });

  it('reads what an upsert of a changed claim rewrote: its subtype and care lines', async () => {
    const { id: userId } = await createUser(dataSource);
    await store(userId, 'uhc', [eob('office', '2025-02-10', { item: [] })]);
    expect((await reader.careClaims(userId, '2025-02-10', '2025-02-10'))[0]).toMatchObject({ subtype: null, lines: [] });
    await store(userId, 'uhc', [
      eob('office', '2025-02-10', {
        type: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'CARRIER' }] },
        item: [{ sequence: 1, productOrService: { coding: [{ system: HCPCS, code: 'g0463' }] } }],
      }),
    ]);
    const [claim] = await reader.careClaims(userId, '2025-02-10', '2025-02-10');
    expect(claim).toMatchObject({ subtype: 'carrier', lines: [{ code: 'G0463', placeOfService: null, revenue: null, allowed: null }] });
  });
});
