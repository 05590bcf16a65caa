import type { PatientInfoRepository } from '../accounts';
import type { HealthDataPage, HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';

describe('HealthDataService.ingest', () => {
  const repository = { upsertPage: jest.fn(), transaction: jest.fn() };
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
    const result = await service.ingest('user-1', 'uhc', [eob('a', 'draft'), eob('b', 'active'), eob('a', 'active')]);
    expect(result).toEqual({ stored: 2, skipped: 0 });
    const page = repository.upsertPage.mock.calls[0][2] as HealthDataPage;
    expect(page.resources).toEqual([eob('a', 'active'), eob('b', 'active')]);
    expect(page.claims.map((c) => [c.sourceId, c.status])).toEqual([
      ['a', 'active'],
      ['b', 'active'],
    ]);
  });

  it('skips a resource without a type or an id, and stores the rest', async () => {
    const result = await service.ingest('user-1', 'uhc', [{ resourceType: 'Condition' }, { id: 'x' }, eob('c', 'active')]);
    expect(result).toEqual({ stored: 1, skipped: 2 });
    expect((repository.upsertPage.mock.calls[0][2] as HealthDataPage).resources).toEqual([eob('c', 'active')]);
  });
});

describe('HealthDataService reads', () => {
  const repository = { claimsOf: jest.fn(), prescriptionsOf: jest.fn(), currentCoveragesOf: jest.fn() };
  const service = new HealthDataService(repository as unknown as HealthDataRepository, {} as PatientInfoRepository);

  it("answers the stored rows in the spec's field names", async () => {
    const diagnoses = [{ id: '1', diagnosis_code: 'I10', diagnosis_display: null }];
    repository.claimsOf.mockResolvedValue([
      {
        id: 'c1',
        sourceId: 'eob-1',
        insurerKey: 'uhc',
        claimType: 'professional',
        status: 'active',
        outcome: 'complete',
        serviceDate: '2025-03-04',
        paymentAmount: '120.50',
        renderingProvider: 'Dr. R',
        diagnoses,
        procedures: [],
      },
    ]);
    repository.prescriptionsOf.mockResolvedValue([
      {
        id: 'p1',
        insurerKey: 'uhc',
        drugName: 'Metformin',
        drugNdc: '00093104801',
        datePrescribed: '2025-03-04',
        provider: null,
        patientPaid: '4.00',
        insurerPaid: null,
        totalPrice: '15.25',
      },
    ]);
    repository.currentCoveragesOf.mockResolvedValue([{ marketingName: 'Gold', planYear: 2025, planName: 'Plan A' }]);

    await expect(service.explanationOfBenefits('user-1')).resolves.toEqual({
      EOB: [
        {
          id: 'c1',
          date: '2025-03-04',
          type: 'professional',
          status: 'active',
          outcome: 'complete',
          payment_amount: '120.50',
          rendering_provider: 'Dr. R',
          insurer: 'uhc',
          diagnoses,
          procedures: [],
        },
      ],
    });
    await expect(service.userDrugs('user-1')).resolves.toEqual({
      queryRes: [
        {
          id: 'p1',
          drug_name: 'Metformin',
          drug_ndc: '00093104801',
          date_prescribed: '2025-03-04',
          provider: null,
          patient_paid: '4.00',
          insurer_paid: null,
          total_price: '15.25',
          insurer: 'uhc',
        },
      ],
    });
    await expect(service.currentPlan('user-1')).resolves.toEqual({
      userCurrentPlan: [{ marketing_name: 'Gold', plan_year: 2025, plan_name: 'Plan A' }],
    });
    expect(repository.claimsOf).toHaveBeenCalledWith('user-1');
  });
});
