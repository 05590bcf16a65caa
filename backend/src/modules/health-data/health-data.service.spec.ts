import { HealthDataErrorCode, LIST_PAGE_SIZE } from '@healthlink/contracts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { strictMock } from '../../../test/utils/strict-mock';
import type { PatientInfoRepository } from '../accounts';
import { CLAIM_PROJECTION_VERSION } from './fhir-projections';
import { HealthDataError } from './health-data.errors';
import type { HealthDataPage, HealthDataRepository, ListPage, StoredClaim, StoredPrescription } from './health-data.repository';
import { HealthDataService, planCostWindow, searchTerms } from './health-data.service';
import { decodeCursor, encodeCursor } from './page-cursor';

const USER = 'user-1';

describe('HealthDataService.ingest', () => {
  const repository = { upsertPage: jest.fn(), transaction: jest.fn(), storedMedications: jest.fn() };
  const patientInfo = { upsert: jest.fn() };
  const service = new HealthDataService(repository as unknown as HealthDataRepository, patientInfo as unknown as PatientInfoRepository);

  beforeEach(() => jest.resetAllMocks());

  const eob = (id: string, status: string) => ({
    resourceType: 'ExplanationOfBenefit',
    id,
    status,
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
  });

  it('stores a resource sent twice in one page once, as its last copy, with one projection row', async () => {
    const result = await service.ingest(USER, 'uhc', [eob('a', 'draft'), eob('b', 'active'), eob('a', 'active')]);
    expect(result).toEqual({ stored: 2, skipped: 0 });
    const page = repository.upsertPage.mock.calls[0][2] as HealthDataPage;
    expect(page.resources).toEqual([eob('a', 'active'), eob('b', 'active')]);
    expect(page.claims.map((c) => [c.sourceId, c.status])).toEqual([
      ['a', 'active'],
      ['b', 'active'],
    ]);
  });

  it("projects dispenses, and resolves a request's Medication from the page, else from what the insurer sent before", async () => {
    const rxnorm = (code: string) => ({
      coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code, display: `drug ${code}` }],
    });
    const request = (id: string, medication: string) => ({
      resourceType: 'MedicationRequest',
      id,
      status: 'active',
      medicationReference: { reference: `Medication/${medication}` },
    });
    repository.storedMedications.mockResolvedValue([{ resourceType: 'Medication', id: 'earlier', code: rxnorm('222') }]);
    await service.ingest(USER, 'humana', [
      request('r1', 'included'),
      request('r2', 'earlier'),
      { resourceType: 'Medication', id: 'included', code: rxnorm('111') },
      {
        resourceType: 'MedicationDispense',
        id: 'd1',
        status: 'completed',
        medicationCodeableConcept: rxnorm('333'),
        quantity: { value: 30 },
      },
    ]);
    expect(repository.storedMedications).toHaveBeenCalledWith(USER, 'humana', ['earlier'], undefined);
    const page = repository.upsertPage.mock.calls[0][2] as HealthDataPage;
    expect(page.prescriptions.map((p) => [p.sourceId, p.sourceKind, p.rxcui, p.drugName, p.quantity])).toEqual([
      ['MedicationRequest/r1', 'medication_request', '111', 'drug 111', null],
      ['MedicationRequest/r2', 'medication_request', '222', 'drug 222', null],
      ['MedicationDispense/d1', 'medication_dispense', '333', 'drug 333', 30],
    ]);
  });

  it('skips a resource without a type or an id, and stores the rest', async () => {
    const result = await service.ingest(USER, 'uhc', [{ resourceType: 'Condition' }, { id: 'x' }, eob('c', 'active')]);
    expect(result).toEqual({ stored: 1, skipped: 2 });
    expect((repository.upsertPage.mock.calls[0][2] as HealthDataPage).resources).toEqual([eob('c', 'active')]);
  });
});

const storedClaim = (overrides: Partial<StoredClaim> = {}): StoredClaim => ({
  id: randomUUID(),
  insurerKey: 'uhc',
  claimType: 'professional',
  status: 'active',
  outcome: 'complete',
  serviceDate: '2025-03-04',
  paymentAmount: '120.50',
  renderingProvider: 'Dr. R',
  diagnoses: [{ id: '1', diagnosis_code: 'I10', diagnosis_display: null }],
  procedures: [],
  ...overrides,
});
const pageOf = <T extends { id: string }>(rows: T[], overrides: Partial<ListPage<T>> = {}): ListPage<T> => ({
  rows,
  last: rows.length ? { sortDate: '2025-03-04', id: rows[rows.length - 1].id } : null,
  hasMore: false,
  total: rows.length,
  asOf: new Date('2026-04-20T10:00:00.000Z'),
  ...overrides,
});
/** The field and code of the 400 a call answers. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => {
      if (!(error instanceof HealthDataError)) throw error;
      return { status: error.status, code: error.code, fields: error.fieldErrors?.map((f) => f.field) };
    },
  );
const badRequest = (field: string) => ({ status: 400, code: HealthDataErrorCode.Validation, fields: [field] });

describe('HealthDataService.explanationOfBenefits', () => {
  let repository: jest.Mocked<HealthDataRepository>;
  let service: HealthDataService;
  beforeEach(() => {
    repository = strictMock<HealthDataRepository>();
    service = new HealthDataService(repository, strictMock<PatientInfoRepository>());
  });

  it("answers the first page of the default size in the spec's field names, with the page info", async () => {
    const claim = storedClaim();
    repository.claimsPage.mockResolvedValue(pageOf([claim], { total: 12, hasMore: true }));
    const answer = await service.explanationOfBenefits(USER, {});
    expect(repository.claimsPage).toHaveBeenCalledWith(USER, { terms: [], after: null, limit: LIST_PAGE_SIZE });
    expect(answer).toEqual({
      EOB: [
        {
          id: claim.id,
          date: '2025-03-04',
          type: 'professional',
          status: 'active',
          outcome: 'complete',
          payment_amount: '120.50',
          rendering_provider: 'Dr. R',
          insurer: 'uhc',
          diagnoses: claim.diagnoses,
          procedures: [],
        },
      ],
      nextCursor: encodeCursor('claims', { sortDate: '2025-03-04', id: claim.id }),
      total: 12,
      asOf: '2026-04-20T10:00:00.000Z',
    });
  });

  it('continues after the cursor it gave, with the search as lowercase words', async () => {
    const last = { sortDate: '-infinity', id: randomUUID() };
    repository.claimsPage.mockResolvedValue(pageOf([], { asOf: null }));
    const answer = await service.explanationOfBenefits(USER, {
      limit: '3',
      cursor: encodeCursor('claims', last),
      search: '  Diabetes  2024 diabetes ',
    });
    expect(repository.claimsPage).toHaveBeenCalledWith(USER, { terms: ['diabetes', '2024'], after: last, limit: 3 });
    expect(answer).toEqual({ EOB: [], nextCursor: null, total: 0, asOf: null });
  });

  it('answers the pages up to the one holding serviceID', async () => {
    const id = randomUUID();
    repository.claimPosition.mockResolvedValue(7);
    repository.claimsPage.mockResolvedValue(pageOf([]));
    await service.explanationOfBenefits(USER, { limit: '5', serviceID: id, search: 'E11' });
    expect(repository.claimPosition).toHaveBeenCalledWith(USER, id, ['e11']);
    expect(repository.claimsPage).toHaveBeenCalledWith(USER, { terms: ['e11'], after: null, limit: 10 });
    repository.claimPosition.mockResolvedValue(4);
    await service.explanationOfBenefits(USER, { limit: '5', serviceID: id });
    expect(repository.claimsPage).toHaveBeenLastCalledWith(USER, { terms: [], after: null, limit: 5 });
  });

  it('answers 404 for a serviceID that names no claim of the member, without a query when it is no claim id', async () => {
    repository.claimPosition.mockResolvedValue(null);
    const notFound = { status: 404, code: HealthDataErrorCode.ClaimNotFound, fields: ['serviceID'] };
    await expect(refusal(service.explanationOfBenefits(USER, { serviceID: randomUUID() }))).resolves.toEqual(notFound);
    expect(repository.claimPosition).toHaveBeenCalledTimes(1);
    await expect(refusal(service.explanationOfBenefits(USER, { serviceID: "1' OR '1'='1" }))).resolves.toEqual(notFound);
    expect(repository.claimPosition).toHaveBeenCalledTimes(1);
  });

  const otherListCursor = encodeCursor('rx-newest', { sortDate: '2025-01-01', id: randomUUID() });
  const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['limit 0', { limit: '0' }, 'limit'],
    ['limit 101', { limit: '101' }, 'limit'],
    ['limit abc', { limit: 'abc' }, 'limit'],
    ['limit 2.5', { limit: '2.5' }, 'limit'],
    ['limit -1', { limit: '-1' }, 'limit'],
    ['an empty limit', { limit: '' }, 'limit'],
    ['a cursor that is no base64url', { cursor: 'not a cursor!' }, 'cursor'],
    ['a cursor of 201 characters', { cursor: 'x'.repeat(201) }, 'cursor'],
    ['a made-up cursor', { cursor: forge({ date: '2025-01-01' }) }, 'cursor'],
    ['a cursor of another list', { cursor: otherListCursor }, 'cursor'],
    ['a cursor with no calendar date', { cursor: forge(['claims', '2024-02-30', randomUUID()]) }, 'cursor'],
    ['a cursor with no UUID', { cursor: forge(['claims', '2024-02-03', "1' OR 1=1"]) }, 'cursor'],
    ['a cursor with the undated mark of the other order', { cursor: forge(['claims', 'infinity', randomUUID()]) }, 'cursor'],
    ['a search of 201 characters', { search: 'x'.repeat(201) }, 'search'],
    ['a search with a NUL character', { search: 'diabetes\u0000' }, 'search'],
    [
      'serviceID with a cursor',
      { serviceID: randomUUID(), cursor: encodeCursor('claims', { sortDate: '2025-01-01', id: randomUUID() }) },
      'serviceID',
    ],
  ])('refuses %s with 400 on its field', async (_, params, field) => {
    await expect(refusal(service.explanationOfBenefits(USER, params))).resolves.toEqual(badRequest(field));
  });

  it('accepts the limits and a search of exactly 200 characters', async () => {
    repository.claimsPage.mockResolvedValue(pageOf([]));
    await service.explanationOfBenefits(USER, { limit: '1', search: 'a'.repeat(200) });
    await service.explanationOfBenefits(USER, { limit: '100' });
    expect(repository.claimsPage.mock.calls.map(([, q]) => q.limit)).toEqual([1, 100]);
  });
});

describe('HealthDataService.userDrugs', () => {
  let repository: jest.Mocked<HealthDataRepository>;
  let service: HealthDataService;
  beforeEach(() => {
    repository = strictMock<HealthDataRepository>();
    service = new HealthDataService(repository, strictMock<PatientInfoRepository>());
  });
  const rx = (): StoredPrescription => ({
    id: randomUUID(),
    insurerKey: 'uhc',
    drugName: 'Metformin',
    drugNdc: '00093104801',
    datePrescribed: '2025-03-04',
    provider: null,
    patientPaid: '4.00',
    insurerPaid: null,
    totalPrice: '15.25',
  });

  it('answers newest first by default, the price comparison unknown (null), and a cursor for its own order', async () => {
    const row = rx();
    repository.prescriptionsPage.mockResolvedValue(pageOf([row], { hasMore: true }));
    const answer = await service.userDrugs(USER, {});
    expect(repository.prescriptionsPage).toHaveBeenCalledWith(USER, { sort: 'newest', after: null, limit: LIST_PAGE_SIZE });
    expect(answer.queryRes).toEqual([
      {
        id: row.id,
        drug_name: 'Metformin',
        drug_ndc: '00093104801',
        date_prescribed: '2025-03-04',
        provider: null,
        patient_paid: '4.00',
        insurer_paid: null,
        total_price: '15.25',
        insurer: 'uhc',
        brandDrugBP: null,
        genericDrugBP: null,
        bestPriceBrandSource: null,
        bestPriceGenericSource: null,
        brandDrugName: null,
        genericDrugName: null,
        brandSavings: null,
        genericSavings: null,
        priceDate: null,
        priceFormula: null,
      },
    ]);
    expect(decodeCursor('rx-newest', answer.nextCursor!)).toEqual({ sortDate: '2025-03-04', id: row.id });
    expect(decodeCursor('rx-oldest', answer.nextCursor!)).toBeNull();
  });

  it('reads oldest first after an oldest cursor, and refuses a newest cursor, a bad sort or limit', async () => {
    const after = { sortDate: 'infinity', id: randomUUID() };
    repository.prescriptionsPage.mockResolvedValue(pageOf([]));
    await service.userDrugs(USER, { sort: 'oldest', cursor: encodeCursor('rx-oldest', after), limit: '5' });
    expect(repository.prescriptionsPage).toHaveBeenCalledWith(USER, { sort: 'oldest', after, limit: 5 });
    const newest = encodeCursor('rx-newest', { sortDate: '2025-01-01', id: randomUUID() });
    await expect(refusal(service.userDrugs(USER, { sort: 'oldest', cursor: newest }))).resolves.toEqual(badRequest('cursor'));
    await expect(refusal(service.userDrugs(USER, { sort: 'random' }))).resolves.toEqual(badRequest('sort'));
    await expect(refusal(service.userDrugs(USER, { limit: '1000' }))).resolves.toEqual(badRequest('limit'));
  });
});

describe('HealthDataService.spending', () => {
  it('answers by month by default, the newest update as asOf, and refuses another grouping', async () => {
    const repository = strictMock<HealthDataRepository>();
    const service = new HealthDataService(repository, strictMock<PatientInfoRepository>());
    const period = (name: string, asOf: string) => ({
      period: name,
      patientPaid: '50.00',
      deductible: '30.00',
      copay: '15.00',
      coinsurance: '5.00',
      insurerPaid: '150.25',
      asOf: new Date(asOf),
    });
    repository.spending.mockResolvedValue([period('2024-01', '2026-05-01T00:00:00Z'), period('2024-02', '2026-04-01T00:00:00Z')]);
    await expect(service.spending(USER, {})).resolves.toEqual({
      by: 'month',
      periods: ['2024-01', '2024-02'].map((name) => ({
        period: name,
        patient_paid: '50.00',
        deductible: '30.00',
        copay: '15.00',
        coinsurance: '5.00',
        insurer_paid: '150.25',
      })),
      asOf: '2026-05-01T00:00:00.000Z',
    });
    expect(repository.spending).toHaveBeenCalledWith(USER, 'month');
    repository.spending.mockResolvedValue([]);
    await expect(service.spending(USER, { by: 'year' })).resolves.toEqual({ by: 'year', periods: [], asOf: null });
    await expect(refusal(service.spending(USER, { by: 'week' }))).resolves.toEqual(badRequest('by'));
  });
});

describe('HealthDataService.currentPlan', () => {
  let repository: jest.Mocked<HealthDataRepository>;
  let service: HealthDataService;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-25T15:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    repository = strictMock<HealthDataRepository>();
    service = new HealthDataService(repository, strictMock<PatientInfoRepository>());
  });
  afterEach(() => jest.useRealTimers());
  const plan = (periodStart: string | null, periodEnd: string | null) => ({
    insurerKey: 'humana',
    marketingName: 'Gold',
    planYear: 2025,
    planName: 'Gold Plus (HMO)',
    periodStart,
    periodEnd,
  });

  it("answers the coverages and the first one's cost over its last 12 months to today", async () => {
    repository.currentCoveragesOf.mockResolvedValue([plan('2025-01-01', null), plan('2020-01-01', '2024-12-31')]);
    repository.planCost.mockResolvedValue({ medical: '1200.10', rx: '99.95' });
    await expect(service.currentPlan(USER)).resolves.toEqual({
      userCurrentPlan: [
        { marketing_name: 'Gold', plan_year: 2025, plan_name: 'Gold Plus (HMO)' },
        { marketing_name: 'Gold', plan_year: 2025, plan_name: 'Gold Plus (HMO)' },
      ],
      currentPlanCost: { medical: '1200.10', rx: '99.95', total: '1300.05', from: '2025-11-26', to: '2026-11-25' },
    });
    expect(repository.planCost).toHaveBeenCalledWith(USER, 'humana', '2025-11-26', '2026-11-25');
  });

  it('answers no cost without a plan, or for a plan that has not started', async () => {
    repository.currentCoveragesOf.mockResolvedValue([]);
    await expect(service.currentPlan(USER)).resolves.toEqual({ userCurrentPlan: [], currentPlanCost: null });
    repository.currentCoveragesOf.mockResolvedValue([plan('2027-01-01', null)]);
    await expect(service.currentPlan(USER)).resolves.toMatchObject({ currentPlanCost: null });
  });
});

describe('planCostWindow', () => {
  it.each([
    [{ periodStart: null, periodEnd: null }, '2026-11-25', { from: '2025-11-26', to: '2026-11-25' }],
    [{ periodStart: '2026-03-01', periodEnd: null }, '2026-11-25', { from: '2026-03-01', to: '2026-11-25' }],
    [{ periodStart: '2019-08-01', periodEnd: '2019-12-31' }, '2026-11-25', { from: '2019-08-01', to: '2019-12-31' }],
    [{ periodStart: '2010-01-01', periodEnd: '2030-12-31' }, '2026-11-25', { from: '2025-11-26', to: '2026-11-25' }],
    [{ periodStart: null, periodEnd: null }, '2028-02-29', { from: '2027-03-01', to: '2028-02-29' }],
    [{ periodStart: null, periodEnd: null }, '2026-12-31', { from: '2026-01-01', to: '2026-12-31' }],
    [{ periodStart: '2026-11-26', periodEnd: null }, '2026-11-25', null],
  ])('%j on %s covers %j', (plan, today, expected) => {
    expect(planCostWindow(plan, today)).toEqual(expected);
  });
});

describe('searchTerms', () => {
  it('splits on any white space, lowercases and keeps each word once', () => {
    expect(searchTerms(' Type 2\tDIABETES type\n')).toEqual(['type', '2', 'diabetes']);
    expect(searchTerms(undefined)).toEqual([]);
  });
});

describe('HealthDataService.reprojectStaleClaims', () => {
  const pharmacy = (id: string) => ({
    resourceType: 'ExplanationOfBenefit',
    id,
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'pharmacy' }] },
    item: [{ sequence: 1, productOrService: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: '00093104801' }] } }],
    total: [
      { category: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/adjudication', code: 'payment' }] }, amount: { value: 9 } },
    ],
  });

  it('projects batches until one is short, per user and insurer, and marks every claim it looked at', async () => {
    const repository = strictMock<HealthDataRepository>();
    const manager = {} as EntityManager;
    repository.transaction.mockImplementation((work) => work(manager));
    repository.upsertPage.mockResolvedValue();
    repository.markClaimsProjected.mockResolvedValue();
    repository.staleClaims
      .mockResolvedValueOnce([
        { id: 'c1', userId: 'u1', insurerKey: 'uhc', resource: pharmacy('e1') },
        { id: 'c2', userId: 'u2', insurerKey: 'uhc', resource: pharmacy('e2') },
      ])
      .mockResolvedValueOnce([{ id: 'c3', userId: 'u1', insurerKey: 'uhc', resource: null }]);
    const service = new HealthDataService(repository, strictMock<PatientInfoRepository>());

    await expect(service.reprojectStaleClaims(2)).resolves.toBe(3);

    expect(repository.staleClaims).toHaveBeenCalledWith(CLAIM_PROJECTION_VERSION, 2, manager);
    expect(
      repository.upsertPage.mock.calls.map(([user, insurer, page]) => [
        user,
        insurer,
        page.resources,
        page.claims.map((c) => c.sourceId),
        page.prescriptions.length,
      ]),
    ).toEqual([
      ['u1', 'uhc', [], ['e1'], 1],
      ['u2', 'uhc', [], ['e2'], 1],
    ]);
    expect(repository.markClaimsProjected.mock.calls.map(([ids]) => ids)).toEqual([['c1', 'c2'], ['c3']]);
  });

  it('stops between batches when asked', async () => {
    const repository = strictMock<HealthDataRepository>();
    const service = new HealthDataService(repository, strictMock<PatientInfoRepository>());
    await expect(service.reprojectStaleClaims(2, () => true)).resolves.toBe(0);
  });
});
