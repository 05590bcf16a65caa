import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { buildEob, buildMedicationRequest, type EobSpec } from '../../../test/factories/health-data.factory';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import type { PatientInfoRepository } from '../accounts';
import {
  CLAIM_PROJECTION_VERSION,
  claimFromEob,
  coverageFromResource,
  prescriptionFromMedicationRequest,
  prescriptionsFromEob,
  type ClaimRow,
  type FhirInput,
  type PrescriptionRow,
} from './fhir-projections';
import { HealthDataRepository, type HealthDataPage, type Keyset, type StoredClaim } from './health-data.repository';
import { HealthDataService } from './health-data.service';

const INSURER = 'uhc';

const eob = (id: string, extra: Record<string, unknown> = {}) => ({ resourceType: 'ExplanationOfBenefit', id, status: 'active', ...extra });
const claim = (sourceId: string, overrides: Partial<ClaimRow> = {}): ClaimRow => ({
  sourceId,
  claimType: 'professional',
  status: 'active',
  outcome: 'complete',
  subtype: null,
  serviceDate: '2025-03-04',
  serviceEndDate: '2025-03-04',
  paymentAmount: 120.5,
  patientPaid: 30,
  deductible: 10,
  copay: 20,
  coinsurance: null,
  renderingProvider: 'Dr. Rivera',
  diagnoses: [{ id: '1', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes' }],
  procedures: [],
  careLines: [],
  searchText: 'e11.9\ntype 2 diabetes',
  ...overrides,
});
const prescription = (sourceId: string): PrescriptionRow => ({
  sourceId,
  sourceKind: 'claim',
  drugName: 'Metformin 500 MG',
  drugNdc: '00093104801',
  rxcui: null,
  quantity: 60,
  daysSupply: 30,
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

/** The projections of insurer resources, as ingest makes them (the projections are pure). */
function projected(resources: FhirInput[]): HealthDataPage {
  return {
    resources,
    claims: resources.map(claimFromEob).filter((c): c is ClaimRow => c !== null),
    prescriptions: [
      ...resources.flatMap(prescriptionsFromEob),
      ...resources.map((r) => prescriptionFromMedicationRequest(r)).filter((p): p is PrescriptionRow => p !== null),
    ],
    conditions: [],
    coverages: resources.map(coverageFromResource).filter((c) => c !== null),
  };
}

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
  const store = async (userId: string, resources: FhirInput[], insurer = INSURER) =>
    repository.upsertPage(userId, insurer, projected(resources));
  /** Every claim of the user, page by page, and the pages' sizes. */
  const walkClaims = async (userId: string, limit: number, terms: string[] = []) => {
    const seen: StoredClaim[] = [];
    const sizes: number[] = [];
    let after: Keyset | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const result = await repository.claimsPage(userId, { terms, after, limit });
      seen.push(...result.rows);
      sizes.push(result.rows.length);
      if (!result.hasMore) return { seen, sizes, total: result.total };
      after = result.last;
    }
    throw new Error('the pages never ended');
  };

  describe('upsertPage', () => {
    it('stores a page: raw resources keyed by type and id, every projection, and the projection version', async () => {
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
      await expect(
        dataSource.query(
          `SELECT source_id, to_char(service_date, 'YYYY-MM-DD') AS date, payment_amount::text AS paid, patient_paid::text AS patient,
                  deductible::text AS deductible, copay::text AS copay, coinsurance::text AS coinsurance, search_text, projection_version
           FROM claims WHERE user_id = $1 ORDER BY source_id`,
          [user.id],
        ),
      ).resolves.toEqual(
        ['eob-1', 'eob-2'].map((source_id) => ({
          source_id,
          date: '2025-03-04',
          paid: '120.50',
          patient: '30.00',
          deductible: '10.00',
          copay: '20.00',
          coinsurance: null,
          search_text: 'e11.9\ntype 2 diabetes',
          projection_version: CLAIM_PROJECTION_VERSION,
        })),
      );
      await expect(repository.prescriptionsPage(user.id, { sort: 'newest', after: null, limit: 5 })).resolves.toMatchObject({
        rows: [{ drugNdc: '00093104801', patientPaid: '4.00', totalPrice: '15.25' }],
      });
      await expect(repository.currentCoveragesOf(user.id)).resolves.toEqual([
        { insurerKey: INSURER, marketingName: 'Gold', planYear: 2025, planName: 'Plan A', periodStart: '2025-01-01', periodEnd: null },
      ]);
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
        claims: [claim('eob-1'), claim('eob-2', { diagnoses: [], status: 'cancelled', patientPaid: 35 })],
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
      await expect(
        dataSource.query(`SELECT status, patient_paid::text AS patient FROM claims WHERE user_id = $1 AND source_id = 'eob-2'`, [user.id]),
      ).resolves.toEqual([{ status: 'cancelled', patient: '35.00' }]);
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
      await expect(repository.claimsPage(user.id, { terms: [], after: null, limit: 5 })).resolves.toMatchObject({ rows: [], total: 0 });
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

  describe('claimsPage and claimPosition', () => {
    // 23 claims: dates repeat (the id breaks ties), and one has no date at all (it comes last).
    const dates = Array.from({ length: 22 }, (_, i) => `2024-${String((i % 11) + 1).padStart(2, '0')}-15`);
    const specs = (): Partial<EobSpec>[] => [...dates.map((date) => ({ date })), { date: null }];

    it('walks every claim exactly once, newest first, undated last, with the count and newest update of all', async () => {
      const user = await createUser(dataSource);
      const other = await createUser(dataSource);
      await store(user.id, specs().map(buildEob));
      await store(other.id, specs().map(buildEob));

      const { seen, sizes, total } = await walkClaims(user.id, 4);
      expect(sizes).toEqual([4, 4, 4, 4, 4, 3]);
      expect(total).toBe(23);
      const expected: { id: string }[] = await dataSource.query(
        `SELECT id FROM claims WHERE user_id = $1 ORDER BY service_date DESC NULLS LAST, id DESC`,
        [user.id],
      );
      expect(seen.map((c) => c.id)).toEqual(expected.map((r) => r.id));
      expect(seen.at(-1)?.serviceDate).toBeNull();
      expect(seen[0]).toMatchObject({ serviceDate: '2024-11-15', paymentAmount: '120.50', insurerKey: INSURER, status: 'active' });
      const [{ newest }] = await dataSource.query(`SELECT max(updated_at) AS newest FROM claims WHERE user_id = $1`, [user.id]);
      await expect(repository.claimsPage(user.id, { terms: [], after: null, limit: 1 })).resolves.toMatchObject({ asOf: newest });
    });

    it('keeps to the claims with every search term in their search text, and reads % and _ as text', async () => {
      const user = await createUser(dataSource);
      await store(user.id, [
        buildEob({ date: '2024-05-01', diagnoses: [['E11.9', 'Type 2 diabetes mellitus']] }),
        buildEob({ date: '2023-05-01', diagnoses: [['E11.9', 'Type 2 diabetes mellitus']] }),
        buildEob({ date: '2024-06-01', diagnoses: [['I10', 'Essential hypertension']] }),
      ]);
      const found = async (terms: string[]) =>
        (await repository.claimsPage(user.id, { terms, after: null, limit: 10 })).rows.map((c) => c.serviceDate);
      await expect(found(['diabetes'])).resolves.toEqual(['2024-05-01', '2023-05-01']);
      await expect(found(['diabetes', '2024'])).resolves.toEqual(['2024-05-01']);
      await expect(found(['hypertension', '$120.50'])).resolves.toEqual(['2024-06-01']);
      await expect(found(['%'])).resolves.toEqual([]);
      await expect(found(['e11_9'])).resolves.toEqual([]);
      await expect(repository.claimsPage(user.id, { terms: ['diabetes'], after: null, limit: 1 })).resolves.toMatchObject({
        total: 2,
        hasMore: true,
      });
      await expect(repository.claimsPage(user.id, { terms: ['asthma'], after: null, limit: 5 })).resolves.toMatchObject({
        rows: [],
        total: 0,
        hasMore: false,
        asOf: null,
      });
    });

    it("answers a claim's position among the matching claims, and none for another user's or a non-matching claim", async () => {
      const user = await createUser(dataSource);
      const other = await createUser(dataSource);
      await store(user.id, specs().map(buildEob));
      await store(other.id, [buildEob()]);
      const { seen } = await walkClaims(user.id, 100);
      await expect(repository.claimPosition(user.id, seen[0].id, [])).resolves.toBe(0);
      await expect(repository.claimPosition(user.id, seen[9].id, [])).resolves.toBe(9);
      await expect(repository.claimPosition(user.id, seen[22].id, [])).resolves.toBe(22);
      await expect(repository.claimPosition(user.id, seen[9].id, ['no-such-word'])).resolves.toBeNull();
      const [theirs] = (await repository.claimsPage(other.id, { terms: [], after: null, limit: 1 })).rows;
      await expect(repository.claimPosition(user.id, theirs.id, [])).resolves.toBeNull();
      await expect(repository.claimPosition(user.id, randomUUID(), [])).resolves.toBeNull();
    });
  });

  describe('prescriptionsPage', () => {
    it('walks newest or oldest first by date prescribed, undated last in both orders', async () => {
      const user = await createUser(dataSource);
      await store(user.id, [
        ...['2024-01-05', '2024-03-05', '2024-03-05', '2023-12-01', '2025-02-01'].map((authoredOn) =>
          buildMedicationRequest({ authoredOn }),
        ),
        buildMedicationRequest({ authoredOn: null }),
        buildEob({ date: '2024-07-07', drug: { ndc: '00071015523', name: 'Atorvastatin 20 MG' }, patientPaid: 12, payment: 30 }),
      ]);
      const walk = async (sort: 'newest' | 'oldest') => {
        const dates: (string | null)[] = [];
        let after: Keyset | null = null;
        for (;;) {
          const result = await repository.prescriptionsPage(user.id, { sort, after, limit: 2 });
          expect(result.total).toBe(7);
          dates.push(...result.rows.map((r) => r.datePrescribed));
          if (!result.hasMore) return dates;
          after = result.last;
        }
      };
      await expect(walk('newest')).resolves.toEqual([
        '2025-02-01',
        '2024-07-07',
        '2024-03-05',
        '2024-03-05',
        '2024-01-05',
        '2023-12-01',
        null,
      ]);
      await expect(walk('oldest')).resolves.toEqual([
        '2023-12-01',
        '2024-01-05',
        '2024-03-05',
        '2024-03-05',
        '2024-07-07',
        '2025-02-01',
        null,
      ]);
      const fill = (await repository.prescriptionsPage(user.id, { sort: 'newest', after: null, limit: 2 })).rows[1];
      expect(fill).toMatchObject({ drugName: 'Atorvastatin 20 MG', patientPaid: '12.00', insurerPaid: '30.00', totalPrice: '42.00' });
    });
  });

  describe('spending', () => {
    it("sums the user's dated claims by month and by year, oldest first", async () => {
      const user = await createUser(dataSource);
      const other = await createUser(dataSource);
      await store(user.id, [
        buildEob({ date: '2024-01-10', payment: 100, patientPaid: 30, deductible: 30, copay: null }),
        buildEob({ date: '2024-01-20', payment: 50.25, patientPaid: 20, deductible: null, copay: 15, coinsurance: 5 }),
        buildEob({ date: '2025-03-01', payment: 10, patientPaid: null, deductible: null, copay: null }),
        buildEob({ date: null, payment: 999, patientPaid: 999 }),
      ]);
      await store(other.id, [buildEob({ date: '2024-01-10', payment: 7, patientPaid: 7 })]);
      await expect(repository.spending(user.id, 'month')).resolves.toEqual([
        {
          period: '2024-01',
          patientPaid: '50.00',
          deductible: '30.00',
          copay: '15.00',
          coinsurance: '5.00',
          insurerPaid: '150.25',
          asOf: expect.any(Date),
        },
        {
          period: '2025-03',
          patientPaid: '0.00',
          deductible: '0.00',
          copay: '0.00',
          coinsurance: '0.00',
          insurerPaid: '10.00',
          asOf: expect.any(Date),
        },
      ]);
      await expect(repository.spending(user.id, 'year')).resolves.toMatchObject([
        { period: '2024', patientPaid: '50.00', insurerPaid: '150.25' },
        { period: '2025', patientPaid: '0.00', insurerPaid: '10.00' },
      ]);
      await expect(repository.spending((await createUser(dataSource)).id, 'year')).resolves.toEqual([]);
    });
  });

  describe('planCost', () => {
    it("sums the insurer's medical payments and the patient's Rx share between two dates, both included", async () => {
      const user = await createUser(dataSource);
      await store(user.id, [
        buildEob({ date: '2025-01-01', payment: 100 }),
        buildEob({ date: '2025-12-31', payment: 0.5 }),
        buildEob({ date: '2024-12-31', payment: 1000 }),
        buildEob({ date: '2025-06-01', payment: 40, patientPaid: 9.99, drug: { ndc: '00071015523', name: 'Atorvastatin' } }),
        buildMedicationRequest({ authoredOn: '2025-05-01' }),
      ]);
      await store(user.id, [buildEob({ date: '2025-06-01', payment: 5000 })], 'aetna');
      await expect(repository.planCost(user.id, INSURER, '2025-01-01', '2025-12-31')).resolves.toEqual({ medical: '100.50', rx: '9.99' });
      await expect(repository.planCost(user.id, 'aetna', '2025-01-01', '2025-12-31')).resolves.toEqual({ medical: '5000.00', rx: '0.00' });
      await expect(repository.planCost(user.id, INSURER, '2026-01-01', '2026-12-31')).resolves.toEqual({ medical: '0.00', rx: '0.00' });
    });
  });

  describe('stale claims', () => {
    it('locks a batch for one transaction: another transaction skips it', async () => {
      const user = await createUser(dataSource);
      await store(user.id, [buildEob(), buildEob(), buildEob()]);
      await dataSource.query(`UPDATE claims SET projection_version = 0 WHERE user_id = $1`, [user.id]);
      const mine = async (manager: EntityManager, limit: number) =>
        (await repository.staleClaims(CLAIM_PROJECTION_VERSION, limit, manager)).filter((c) => c.userId === user.id);
      const first = dataSource.createQueryRunner();
      const second = dataSource.createQueryRunner();
      try {
        await first.startTransaction();
        await second.startTransaction();
        const held = await mine(first.manager, 1000);
        expect(held).toHaveLength(3);
        expect(held[0].resource).toMatchObject({ resourceType: 'ExplanationOfBenefit' });
        await expect(mine(second.manager, 1000)).resolves.toEqual([]);
        await first.rollbackTransaction();
        await expect(mine(second.manager, 1000)).resolves.toHaveLength(3);
      } finally {
        if (first.isTransactionActive) await first.rollbackTransaction();
        await second.rollbackTransaction();
        await first.release();
        await second.release();
        await dataSource.query(`UPDATE claims SET projection_version = $2 WHERE user_id = $1`, [user.id, CLAIM_PROJECTION_VERSION]);
      }
    });

    it('re-projects claims stored by an older projection from their raw EOB, once, and marks those whose raw is gone', async () => {
      const service = new HealthDataService(repository, {} as PatientInfoRepository);
      const user = await createUser(dataSource);
      const pharmacy = buildEob({
        id: 'rx-claim',
        date: '2025-02-02',
        payment: 30,
        patientPaid: 12,
        drug: { ndc: '00071015523', name: 'Atorvastatin' },
      });
      await store(user.id, [buildEob({ id: 'kept', payment: 120.5 }), pharmacy, buildEob({ id: 'orphan' })]);
      // As the store was before: the payment counted once per category that repeats it, no patient share.
      await dataSource.query(
        `UPDATE claims SET payment_amount = payment_amount * 2, patient_paid = NULL, deductible = NULL, copay = NULL, search_text = '',
                projection_version = 0 WHERE user_id = $1`,
        [user.id],
      );
      await dataSource.query(`UPDATE prescriptions SET patient_paid = NULL WHERE user_id = $1`, [user.id]);
      await dataSource.query(`DELETE FROM fhir_resources WHERE user_id = $1 AND source_id = 'orphan'`, [user.id]);

      await service.reprojectStaleClaims(2);

      const rows = await dataSource.query(
        `SELECT source_id, payment_amount::text AS paid, patient_paid::text AS patient, search_text <> '' AS searchable, projection_version
         FROM claims WHERE user_id = $1 ORDER BY source_id`,
        [user.id],
      );
      expect(rows).toEqual([
        { source_id: 'kept', paid: '120.50', patient: '30.00', searchable: true, projection_version: CLAIM_PROJECTION_VERSION },
        { source_id: 'orphan', paid: '241.00', patient: null, searchable: false, projection_version: CLAIM_PROJECTION_VERSION },
        { source_id: 'rx-claim', paid: '30.00', patient: '12.00', searchable: true, projection_version: CLAIM_PROJECTION_VERSION },
      ]);
      await expect(
        dataSource.query(`SELECT patient_paid::text AS patient FROM prescriptions WHERE user_id = $1`, [user.id]),
      ).resolves.toEqual([{ patient: '12.00' }]);
      const before = await versions('claims', user.id);
      await service.reprojectStaleClaims(2);
      expect(await versions('claims', user.id)).toEqual(before);
    });
  });

  describe('query plans', () => {
    // A member with five years of claims (the sandbox's member-large has 600+) among 10,000 claims of others.
    let member: string;
    beforeAll(async () => {
      const users: { id: string }[] = await dataSource.query(
        `INSERT INTO users (email, first_name, last_name, password_hash)
         SELECT 'plan-' || g || '-' || $1 || '@example.com', 'P', 'Q', 'x' FROM generate_series(1, 101) AS g RETURNING id`,
        [randomUUID().slice(0, 8)],
      );
      member = users[0].id;
      const perUser = `FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n), generate_series(1, CASE WHEN u.n = 1 THEN 650 ELSE 100 END) AS g`;
      await dataSource.query(
        `INSERT INTO claims (user_id, insurer_key, source_id, claim_type, service_date, payment_amount, patient_paid, search_text, projection_version)
         SELECT u.id, 'uhc', 'plan-' || g, 'professional', DATE '2026-04-15' - g * 3, 10 + g % 50, g % 20, 'e11.9 ' || g, $2 ${perUser}`,
        [users.map((u) => u.id), CLAIM_PROJECTION_VERSION],
      );
      await dataSource.query(
        `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_name, date_prescribed, patient_paid)
         SELECT u.id, 'uhc', 'plan-rx-' || g, 'Metformin', DATE '2026-04-15' - g * 10, g % 20 ${perUser}`,
        [users.map((u) => u.id)],
      );
      await dataSource.query('VACUUM ANALYZE claims');
      await dataSource.query('VACUUM ANALYZE prescriptions');
    });

    /** The plans of the statements a read sends, instead of running them. */
    async function plansOf(read: (repo: HealthDataRepository) => Promise<unknown>): Promise<string> {
      const plans: string[] = [];
      const explaining = {
        query: async (sql: string, params: unknown[]) => {
          const [{ 'QUERY PLAN': plan }] = await dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
          plans.push(JSON.stringify(plan));
          return [];
        },
      } as unknown as DataSource;
      // The read's own answer is made of no rows: only the plans matter here.
      await read(new HealthDataRepository(explaining)).catch(() => undefined);
      return plans.join('\n');
    }

    it.each([
      ['the first page', (repo: HealthDataRepository) => repo.claimsPage(member, { terms: [], after: null, limit: 5 })],
      [
        'a later page',
        (repo: HealthDataRepository) =>
          repo.claimsPage(member, { terms: [], after: { sortDate: '2025-01-01', id: randomUUID() }, limit: 5 }),
      ],
      ['a search', (repo: HealthDataRepository) => repo.claimsPage(member, { terms: ['e11.9', '12'], after: null, limit: 5 })],
      ['a position', (repo: HealthDataRepository) => repo.claimPosition(member, randomUUID(), [])],
      ['the plan cost', (repo: HealthDataRepository) => repo.planCost(member, 'uhc', '2025-04-16', '2026-04-15')],
      ['spending', (repo: HealthDataRepository) => repo.spending(member, 'month')],
    ])('reads %s of one member through an index on the user, never a scan of the table', async (_, read) => {
      const plan = await plansOf(read);
      expect(plan).toMatch(/"Index Cond":"\(+user_id = '[0-9a-f-]{36}'::uuid\)/);
      expect(plan).not.toMatch(/"Node Type":"Seq Scan"/);
    });

    it('reads prescriptions in either order through its index', async () => {
      for (const sort of ['newest', 'oldest'] as const) {
        const plan = await plansOf((repo) => repo.prescriptionsPage(member, { sort, after: null, limit: 5 }));
        expect(plan).toContain(`idx_prescriptions_user_${sort}`);
        expect(plan).not.toMatch(/"Node Type":"Seq Scan"/);
      }
    });
  });
});
