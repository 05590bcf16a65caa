import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import type { ClaimRow, PrescriptionRow } from './fhir-projections';
import { HealthDataRepository, type HealthDataPage } from './health-data.repository';

const INSURER = 'uhc';

const eob = (id: string, extra: Record<string, unknown> = {}) => ({ resourceType: 'ExplanationOfBenefit', id, status: 'active', ...extra });
const claim = (sourceId: string, overrides: Partial<ClaimRow> = {}): ClaimRow => ({
  sourceId,
  claimType: 'professional',
  status: 'active',
  outcome: 'complete',
  serviceDate: '2025-03-04',
  paymentAmount: 120.5,
  renderingProvider: 'Dr. Rivera',
  diagnoses: [{ id: '1', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes' }],
  procedures: [],
  ...overrides,
});
const prescription = (sourceId: string): PrescriptionRow => ({
  sourceId,
  drugName: 'Metformin 500 MG',
  drugNdc: '00093104801',
  datePrescribed: '2025-03-04',
  provider: null,
  patientPaid: 4,
  insurerPaid: 11.25,
  totalPrice: 15.25,
});
const page = (overrides: Partial<HealthDataPage> = {}): HealthDataPage => ({
  resources: [eob('eob-1'), eob('eob-2'), { resourceType: 'Condition', id: 'cond-1' }],
  claims: [claim('eob-1'), claim('eob-2', { diagnoses: [] })],
  prescriptions: [prescription('ExplanationOfBenefit/eob-2/1')],
  conditions: [
    {
      sourceId: 'cond-1',
      codeSystem: 'http://hl7.org/fhir/sid/icd-10-cm',
      code: 'E11.9',
      display: null,
      clinicalStatus: 'active',
      onsetDate: '2020-01-01',
    },
  ],
  coverages: [
    {
      sourceId: 'cov-1',
      status: 'active',
      planName: 'Plan A',
      marketingName: 'Gold',
      planYear: 2025,
      periodStart: '2025-01-01',
      periodEnd: null,
    },
  ],
  ...overrides,
});

describe('HealthDataRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: HealthDataRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new HealthDataRepository(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  // xmin changes whenever PostgreSQL writes a new version of a row.
  const versions = async (table: string, userId: string): Promise<Record<string, string>> => {
    const rows: { source_id: string; xmin: string }[] = await dataSource.query(
      `SELECT source_id, xmin::text AS xmin FROM ${table} WHERE user_id = $1 ORDER BY source_id`,
      [userId],
    );
    return Object.fromEntries(rows.map((r) => [r.source_id, r.xmin]));
  };

  it('stores a page: raw resources keyed by type and id, and every projection', async () => {
    const user = await createUser(dataSource);
    await repository.upsertPage(user.id, INSURER, page());

    const raw = await dataSource.query(
      `SELECT resource_type, source_id, resource FROM fhir_resources WHERE user_id = $1 ORDER BY source_id`,
      [user.id],
    );
    expect(raw).toEqual([
      { resource_type: 'Condition', source_id: 'cond-1', resource: { resourceType: 'Condition', id: 'cond-1' } },
      { resource_type: 'ExplanationOfBenefit', source_id: 'eob-1', resource: eob('eob-1') },
      { resource_type: 'ExplanationOfBenefit', source_id: 'eob-2', resource: eob('eob-2') },
    ]);
    const claims = await repository.claimsOf(user.id);
    expect(claims.map((c) => [c.sourceId, c.serviceDate, c.paymentAmount, c.diagnoses])).toEqual([
      ['eob-1', '2025-03-04', '120.50', [{ id: '1', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes' }]],
      ['eob-2', '2025-03-04', '120.50', []],
    ]);
    await expect(repository.prescriptionsOf(user.id)).resolves.toMatchObject([
      { drugNdc: '00093104801', patientPaid: '4.00', totalPrice: '15.25' },
    ]);
    await expect(repository.currentCoveragesOf(user.id)).resolves.toEqual([{ marketingName: 'Gold', planYear: 2025, planName: 'Plan A' }]);
    await expect(
      dataSource.query(`SELECT source_id, code, onset_date::text AS onset_date FROM conditions WHERE user_id = $1`, [user.id]),
    ).resolves.toEqual([{ source_id: 'cond-1', code: 'E11.9', onset_date: '2020-01-01' }]);
  });

  it('stores a page again without duplicates, rewriting only the rows that changed', async () => {
    const user = await createUser(dataSource);
    await repository.upsertPage(user.id, INSURER, page());
    const before = { raw: await versions('fhir_resources', user.id), claims: await versions('claims', user.id) };

    const changed = page({
      resources: [eob('eob-1'), eob('eob-2', { status: 'cancelled' }), { resourceType: 'Condition', id: 'cond-1' }],
      claims: [claim('eob-1'), claim('eob-2', { diagnoses: [], status: 'cancelled' })],
    });
    await repository.upsertPage(user.id, INSURER, changed);
    await repository.upsertPage(user.id, INSURER, changed);

    const raw = await versions('fhir_resources', user.id);
    const claims = await versions('claims', user.id);
    expect(Object.keys(raw)).toEqual(['cond-1', 'eob-1', 'eob-2']);
    expect(raw['eob-1']).toBe(before.raw['eob-1']);
    expect(raw['cond-1']).toBe(before.raw['cond-1']);
    expect(raw['eob-2']).not.toBe(before.raw['eob-2']);
    expect(claims['eob-1']).toBe(before.claims['eob-1']);
    expect(claims['eob-2']).not.toBe(before.claims['eob-2']);
    const [stored] = await dataSource.query(`SELECT resource FROM fhir_resources WHERE user_id = $1 AND source_id = 'eob-2'`, [user.id]);
    expect(stored.resource).toEqual(eob('eob-2', { status: 'cancelled' }));
    expect((await repository.claimsOf(user.id)).find((c) => c.sourceId === 'eob-2')).toMatchObject({ status: 'cancelled' });
    await expect(dataSource.query(`SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1`, [user.id])).resolves.toEqual([
      { n: 1 },
    ]);
  });

  it('stores all of a page or none of it', async () => {
    const user = await createUser(dataSource);
    const bad = page({ claims: [claim('eob-1'), claim('eob-2', { serviceDate: 'not a date' })] });
    await expect(repository.upsertPage(user.id, INSURER, bad)).rejects.toThrow(/date/);
    await expect(dataSource.query(`SELECT count(*)::int AS n FROM fhir_resources WHERE user_id = $1`, [user.id])).resolves.toEqual([
      { n: 0 },
    ]);
    await expect(repository.claimsOf(user.id)).resolves.toEqual([]);
  });

  it('relaxes synchronous_commit for its own transaction only, never for the session', async () => {
    const user = await createUser(dataSource);
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await repository.upsertPage(user.id, INSURER, page(), runner.manager);
      await expect(runner.query('SHOW synchronous_commit')).resolves.toEqual([{ synchronous_commit: 'off' }]);
      await runner.commitTransaction();
      await expect(runner.query('SHOW synchronous_commit')).resolves.toEqual([{ synchronous_commit: 'on' }]);
    } finally {
      await runner.release();
    }
  });
});
