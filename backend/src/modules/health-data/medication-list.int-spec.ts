import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { buildEob, buildMedicationRequest } from '../../../test/factories/health-data.factory';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import type { PatientInfoRepository } from '../accounts';
// Specs may reach across modules: the real drug reference data, loaded as the pricing module loads it at boot.
import { ReferenceDataRepository } from '../pricing/reference-data/reference-data.repository';
import { ReferenceDataService } from '../pricing/reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from '../pricing/reference-data/reference-files';
import { InteractionListsService } from '../pricing/interaction-lists.service';
import { PricesRepository } from '../pricing/prices/prices.repository';
import { PricingRepository } from '../pricing/pricing.repository';
import { PricingService } from '../pricing/pricing.service';
import { MEDICATION_PROJECTION_VERSION, type FhirInput } from './fhir-projections';
import { HealthDataError } from './health-data.errors';
import { HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';
import { ManualPrescriptionsService } from './manual-prescriptions.service';
import { ndcCandidatesOf } from './medication-list';
import { MedicationListRepository } from './medication-list.repository';
import { MedicationListService } from './medication-list.service';

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const INSURER = 'uhc';

const groups: { source: string; resources: FhirInput[] }[] = JSON.parse(
  gunzipSync(readFileSync(join(__dirname, '../../../test/fixtures/fhir-payer/medications.json.gz'))).toString('utf8'),
);
const sample = (prefix: string): FhirInput[] => groups.find((g) => g.source.startsWith(prefix))!.resources;

const rxnormRequest = (id: string, rxcui: string, name: string, authoredOn: string) => ({
  resourceType: 'MedicationRequest',
  id,
  status: 'active',
  intent: 'order',
  authoredOn,
  medicationCodeableConcept: { coding: [{ system: RXNORM, code: rxcui, display: name }], text: name },
});

describe('the medication list (PostgreSQL, real reference data)', () => {
  let dataSource: DataSource;
  let healthData: HealthDataService;
  let repository: HealthDataRepository;
  let list: MedicationListService;
  let manual: ManualPrescriptionsService;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    await new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR).ensureLoaded();
    repository = new HealthDataRepository(dataSource);
    healthData = new HealthDataService(repository, {} as PatientInfoRepository);
    const listRepository = new MedicationListRepository(dataSource);
    list = new MedicationListService(listRepository);
    manual = new ManualPrescriptionsService(listRepository);
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  const rowsOf = (userId: string): Promise<Record<string, unknown>[]> =>
    dataSource.query(
      `SELECT source_id, source_kind, insurer_key, drug_name, drug_ndc, rxcui, trim_scale(quantity)::text AS quantity, days_supply
       FROM prescriptions WHERE user_id = $1 ORDER BY source_id`,
      [userId],
    );

  it('folds a pharmacy claim fill and a MedicationRequest of the same drug into one entry with both sources', async () => {
    const user = await createUser(dataSource);
    // Zocor 20 MG by NDC on the claim; simvastatin 20 MG (its generic) by RxNorm on the request: one drug.
    const fill = buildEob({ id: 'eob-zocor', date: '2025-02-01', drug: { ndc: '0006-0740-31', name: 'ZOCOR 20MG TAB' } });
    const request = rxnormRequest('mr-simva', '312961', 'simvastatin 20 MG Oral Tablet', '2025-01-15');
    const zocor40 = rxnormRequest('mr-zocor40', '152923', 'Zocor 40 MG Oral Tablet', '2024-06-01');
    await healthData.ingest(user.id, INSURER, [fill, request, zocor40]);

    const entries = await list.medicationList(user.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      key: 'ingredients:36567|20 MG',
      displayName: 'ZOCOR 20MG TAB',
      ndc11s: ['00006074031'],
      rxcui: '104491',
      ingredients: [{ rxcui: '36567', name: 'simvastatin' }],
      strength: '20 MG',
      doseForm: 'Oral Tablet',
      sources: [
        { kind: 'claim', insurerKey: INSURER },
        { kind: 'medication_request', insurerKey: INSURER },
      ],
      firstDate: '2025-01-15',
      lastDate: '2025-02-01',
    });
    expect(entries[0]!.prescriptionIds).toHaveLength(2);
    expect(entries[1]).toMatchObject({ key: 'ingredients:36567|40 MG', rxcui: '152923', ndc11s: [], strength: '40 MG' });
    // The fill named only by NDC got its RxCUI from the reference tables; the request named only by RxCUI got no NDC.
    expect(await rowsOf(user.id)).toEqual([
      expect.objectContaining({ source_id: 'ExplanationOfBenefit/eob-zocor/1', drug_ndc: '00006074031', rxcui: '104491' }),
      expect.objectContaining({ source_id: 'MedicationRequest/mr-simva', drug_ndc: null, rxcui: '312961' }),
      expect.objectContaining({ source_id: 'MedicationRequest/mr-zocor40', drug_ndc: null, rxcui: '152923' }),
    ]);
  });

  it('reads the PDex sample: the request by its included Medication and the dispense by NDC are one insulin', async () => {
    const user = await createUser(dataSource);
    await healthData.ingest(user.id, 'humana', sample('inferno_reference/pdex_bundle_patient_999'));
    expect(await rowsOf(user.id)).toEqual([
      {
        source_id: 'MedicationDispense/pdex-MedicationDispense',
        source_kind: 'medication_dispense',
        insurer_key: 'humana',
        drug_name: 'Humulin R 100 UNT/ML Injectable Solution',
        drug_ndc: '00002821501',
        rxcui: '311036',
        quantity: '150',
        days_supply: null,
      },
      {
        source_id: 'MedicationRequest/pdex-MedicationRequest',
        source_kind: 'medication_request',
        insurer_key: 'humana',
        drug_name: 'Humulin R 100 UNT/ML Injectable Solution',
        drug_ndc: null,
        rxcui: '311036',
        quantity: null,
        days_supply: null,
      },
    ]);
    const [insulin, ...others] = await list.medicationList(user.id);
    expect(others).toEqual([]);
    expect(insulin).toMatchObject({
      ndc11s: ['00002821501'],
      rxcui: '311036',
      strength: '100 UNT/ML',
      sources: [
        { kind: 'medication_request', insurerKey: 'humana' },
        { kind: 'medication_dispense', insurerKey: 'humana' },
      ],
      latestQuantity: '150',
      latestDaysSupply: null,
    });
  });

  it('resolves a reference to a Medication an earlier page brought', async () => {
    const user = await createUser(dataSource);
    const pdex = sample('inferno_reference/pdex_bundle_patient_999');
    await healthData.ingest(user.id, 'humana', [pdex.find((r) => r.resourceType === 'Medication')!]);
    await healthData.ingest(user.id, 'humana', [pdex.find((r) => r.resourceType === 'MedicationRequest')!]);
    expect(await rowsOf(user.id)).toEqual([
      expect.objectContaining({ drug_name: 'Humulin R 100 UNT/ML Injectable Solution', rxcui: '311036' }),
    ]);
  });

  it('stores every medication resource of the payer samples with a name and a code, bar the gaps the samples have', async () => {
    const user = await createUser(dataSource);
    // One insurer per file: the samples reuse ids across files.
    for (const [index, group] of groups.entries()) await healthData.ingest(user.id, `sample-${index}`, group.resources);
    const gaps: { source_id: string; drug_name: string | null; drug_ndc: string | null; rxcui: string | null }[] = await dataSource.query(
      `SELECT source_id, drug_name, drug_ndc, rxcui FROM prescriptions
       WHERE user_id = $1 AND (drug_name IS NULL OR (drug_ndc IS NULL AND rxcui IS NULL)) ORDER BY source_id`,
      [user.id],
    );
    // The four Blue Button NDCs without a display are in neither reference table; two CARIN examples code six digits
    // as an NDC (see medication-projections.spec.ts).
    expect(gaps).toEqual([
      { source_id: 'ExplanationOfBenefit/319231f2-1d78-4ee3-9ef1-c06563610561/1', drug_name: '834061', drug_ndc: null, rxcui: null },
      { source_id: 'ExplanationOfBenefit/ec019c07-b18a-4f46-885e-6b012c1f264c/1', drug_name: '748856', drug_ndc: null, rxcui: null },
      { source_id: 'ExplanationOfBenefit/pde--1248370396/1', drug_name: null, drug_ndc: '16252060144', rxcui: null },
      { source_id: 'ExplanationOfBenefit/pde--1597912769/1', drug_name: null, drug_ndc: '59762154003', rxcui: null },
      { source_id: 'ExplanationOfBenefit/pde--930361669/1', drug_name: null, drug_ndc: '00603373932', rxcui: null },
      { source_id: 'ExplanationOfBenefit/pde-930361669/1', drug_name: null, drug_ndc: '00603373932', rxcui: null },
    ]);
    // Synthea sends each prescription as a MedicationRequest and a pharmacy claim: the list has each drug once.
    const entries = await list.medicationList(user.id);
    const keys = entries.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    const acetaminophen = entries.find((entry) => entry.rxcui === '313782')!;
    // (Several Synthea members take it: one source per kind and sample insurer.)
    expect([...new Set(acetaminophen.sources.map((source) => source.kind))]).toEqual(['claim', 'medication_request']);
    // Every entry is named, those without any name by their NDC.
    expect(entries.filter((entry) => !entry.displayName)).toEqual([]);
    expect(entries.find((entry) => entry.ndc11s.includes('00603373932'))).toMatchObject({ displayName: 'NDC 00603373932' });
  });

  it('lets the interaction check find a real ONC pair between drugs coded in RxNorm only (no NDC)', async () => {
    const user = await createUser(dataSource);
    await healthData.ingest(user.id, INSURER, [
      rxnormRequest('mr-clari', '197517', 'clarithromycin 500 MG Oral Tablet', '2025-03-01'),
      rxnormRequest('mr-simva', '312961', 'simvastatin 20 MG Oral Tablet', '2025-01-15'),
    ]);
    // The lists as the app keeps them: in memory, loaded from the tables.
    const lists = new InteractionListsService(
      new PricingRepository(dataSource),
      new PricesRepository(dataSource),
      new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR),
    );
    await lists.rebuild();
    expect(lists.current).not.toBeNull();
    const pricing = new PricingService(lists, list);
    await expect(pricing.drugInteractions(user.id)).resolves.toMatchObject({
      interactions: [{ drug_a: 'clarithromycin 500 MG Oral Tablet', drug_b: 'simvastatin 20 MG Oral Tablet', level: 'major' }],
      unchecked: [],
    });
  });

  it('folds drugs RxNorm does not know by NDC (ten bare digits resolved only when one reading is known), else by name', async () => {
    const user = await createUser(dataSource);
    await healthData.ingest(user.id, INSURER, [
      buildMedicationRequest({ id: 'mr-a', ndc: '99999-0001-01', name: 'Unlisted cream', authoredOn: '2025-01-01' }),
      buildMedicationRequest({ id: 'mr-b', ndc: '99999000101', name: 'unlisted CREAM 1%', authoredOn: '2025-02-01' }),
      { ...buildMedicationRequest({ id: 'mr-c', authoredOn: '2025-03-01' }), medicationCodeableConcept: { text: 'Fish  oil' } },
      { ...buildMedicationRequest({ id: 'mr-d', authoredOn: '2024-03-01' }), medicationCodeableConcept: { text: 'fish oil' } },
    ]);
    const entries = await list.medicationList(user.id);
    expect(entries.map((entry) => [entry.key, entry.displayName, entry.prescriptionIds.length])).toEqual([
      ['name:fish oil', 'Fish  oil', 2],
      ['ndc:99999000101', 'unlisted CREAM 1%', 2],
    ]);
  });

  it('reads the stored NDCs in SQL as ndcCandidatesOf does: 11 digits as they are, ten bare digits in their three readings', async () => {
    const user = await createUser(dataSource);
    const stored = ['00378042701', '0006074031', '0378061201', '12-34', 'abcdefghijk', '003780427011', null];
    await dataSource.query(
      `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_name, drug_ndc, date_prescribed)
       SELECT $1, 'uhc', 'ExplanationOfBenefit/ndc-' || n || '/1', 'Drug ' || n, ndc, DATE '2025-01-01' + n::int
       FROM unnest($2::text[]) WITH ORDINALITY AS t(ndc, n)`,
      [user.id, stored],
    );
    const { rows, reference } = await new MedicationListRepository(dataSource).medicationData(user.id);
    expect(rows.map((row) => row.drugNdc).sort()).toEqual([...stored].sort());
    expect(rows.every((row) => row.updatedAt instanceof Date && !Number.isNaN(row.updatedAt.getTime()))).toBe(true);
    const candidates = [...new Set(rows.flatMap((row) => ndcCandidatesOf(row.drugNdc)))];
    const known: { ndc11: string }[] = await dataSource.query('SELECT ndc11 FROM ndc_drugs WHERE ndc11 = ANY($1) ORDER BY ndc11', [
      candidates,
    ]);
    expect(known.map((row) => row.ndc11)).toEqual(['00006074031', '00378042701', '00378061201']);
    expect(reference.ndcs.map((ndc) => ndc.ndc11).sort()).toEqual(known.map((row) => row.ndc11));
  });

  it("adds a manual entry that shows in the Rx history and the list, and that no unlink touches; the account's deletion removes it", async () => {
    const user = await createUser(dataSource);
    await healthData.ingest(user.id, INSURER, [rxnormRequest('mr-simva', '312961', 'simvastatin 20 MG Oral Tablet', '2025-01-15')]);
    const { id } = await manual.add(user.id, {
      drugName: 'Simvastatin',
      dosage: '20 mg',
      form: 'TABLET',
      patientPaid: 12.5,
      ndc11: '00615799330',
      rxcui: null,
    });
    const [row] = await dataSource.query(
      `SELECT insurer_key, source_id, source_kind, drug_name, dosage, drug_form, drug_ndc, rxcui, patient_paid::text AS paid,
              to_char(date_prescribed, 'YYYY-MM-DD') AS day
       FROM prescriptions WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({
      insurer_key: 'manual',
      source_id: expect.stringMatching(/^manual\/[0-9a-f-]{36}$/),
      source_kind: 'manual',
      drug_name: 'Simvastatin',
      dosage: '20 mg',
      drug_form: 'TABLET',
      drug_ndc: '00615799330',
      rxcui: '312961',
      paid: '12.50',
      day: new Date().toISOString().slice(0, 10),
    });

    const history = await repository.prescriptionsPage(user.id, { sort: 'newest', after: null, limit: 10 });
    expect(history.rows.map((rx) => [rx.id, rx.insurerKey, rx.patientPaid])).toContainEqual([id, 'manual', '12.50']);
    const [simvastatin, ...others] = await list.medicationList(user.id);
    expect(others).toEqual([]);
    expect(simvastatin).toMatchObject({
      displayName: 'Simvastatin',
      sources: [
        { kind: 'medication_request', insurerKey: INSURER },
        { kind: 'manual', insurerKey: null },
      ],
    });

    await healthData.eraseInsurerData(user.id, INSURER);
    await expect(dataSource.query(`SELECT id FROM prescriptions WHERE user_id = $1`, [user.id])).resolves.toEqual([{ id }]);
    await expect(healthData.eraseInsurerData(user.id, 'manual')).rejects.toThrow("'manual' is not an insurer key");

    await dataSource.query(`DELETE FROM users WHERE id = $1`, [user.id]);
    await expect(dataSource.query(`SELECT id FROM prescriptions WHERE id = $1`, [id])).resolves.toEqual([]);
  });

  it('refuses a manual entry out of the rules with a 400 naming the field, storing nothing', async () => {
    const user = await createUser(dataSource);
    const entry = { drugName: 'Simvastatin', dosage: '20 mg', form: 'TABLET', patientPaid: 1, ndc11: null, rxcui: null };
    for (const [bad, field] of [
      [{ drugName: '  ' }, 'drugName'],
      [{ dosage: 'x'.repeat(101) }, 'drugDosage'],
      [{ form: 'PILL' }, 'drugForm'],
      [{ patientPaid: -1 }, 'patientPaid'],
      [{ patientPaid: Number.NaN }, 'patientPaid'],
      [{ ndc11: '0615-7993-30' }, 'ndc'],
      [{ rxcui: 'RX312961' }, 'rxcui'],
    ] as const) {
      const error = await manual.add(user.id, { ...entry, ...bad }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HealthDataError);
      expect([field, (error as HealthDataError).status, (error as HealthDataError).fieldErrors?.[0]?.field]).toEqual([field, 400, field]);
    }
    await expect(dataSource.query(`SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1`, [user.id])).resolves.toEqual([
      { n: 0 },
    ]);
  });

  it('projects again at boot the medication requests an older projection stored without a name or code', async () => {
    const user = await createUser(dataSource);
    const pdex = sample('inferno_reference/pdex_bundle_patient_999');
    await healthData.ingest(user.id, 'humana', pdex);
    // As the version before references were resolved left it.
    await dataSource.query(
      `UPDATE prescriptions SET drug_name = NULL, rxcui = NULL, projection_version = 0 WHERE user_id = $1 AND source_kind = 'medication_request'`,
      [user.id],
    );
    await healthData.reprojectStaleMedications();
    await expect(
      dataSource.query(
        `SELECT drug_name, rxcui, projection_version FROM prescriptions WHERE user_id = $1 AND source_kind = 'medication_request'`,
        [user.id],
      ),
    ).resolves.toEqual([
      { drug_name: 'Humulin R 100 UNT/ML Injectable Solution', rxcui: '311036', projection_version: MEDICATION_PROJECTION_VERSION },
    ]);
    await expect(healthData.reprojectStaleMedications()).resolves.toBe(0);
  });
});
