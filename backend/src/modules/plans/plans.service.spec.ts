import { PlanTexts, type PlanRanksResult } from '@healthlink/contracts';
import { strictMock } from '../../../test/utils/strict-mock';
import type { PatientInfoRepository } from '../accounts';
import type { RateLimiter } from '../auth';
import type { HealthDataService, MemberCareReader } from '../health-data';
import type { MemberDrugUsesReader } from '../pricing';
import type { PollingService } from '../polling';
import type { PlanCatalogueService } from './catalogue/plan-catalogue.service';
import { MemberHomeReader } from './member-home';
import type { CataloguePlan } from './plan-types';
import { PlansError } from './plans.errors';
import type { PlansRepository } from './plans.repository';
import { estimateWindow, PLAN_RANKS_KIND, PLANS_LIMITS, PlansService } from './plans.service';
import { buildPlan, drug, officeVisit } from '../../../test/factories/plan.factory';

const USER = 'user-1';
const TODAY = '2026-06-30';

describe('PlansService', () => {
  let polling: jest.Mocked<PollingService>;
  let repository: jest.Mocked<PlansRepository>;
  let catalogue: jest.Mocked<PlanCatalogueService>;
  let care: jest.Mocked<MemberCareReader>;
  let drugs: jest.Mocked<MemberDrugUsesReader>;
  let healthData: jest.Mocked<HealthDataService>;
  let patientInfo: jest.Mocked<PatientInfoRepository>;
  let limiter: jest.Mocked<RateLimiter>;
  let service: PlansService;

  const hmo = buildPlan({
    bidId: 'H1111_001_0',
    name: 'Sunrise Advantage (HMO)',
    premiums: { total: 10, partC: 10, partD: 0, partBReduction: 0 },
  });
  const ppo = buildPlan({
    bidId: 'H2222_002_0',
    name: 'Valley Choice (PPO)',
    premiums: { total: 40, partC: 40, partD: 0, partBReduction: 0 },
  });
  const snp = buildPlan({ bidId: 'H3333_003_0', name: 'Dual Care (HMO D-SNP)', specialNeeds: true });

  beforeEach(() => {
    polling = strictMock<PollingService>();
    repository = strictMock<PlansRepository>();
    care = strictMock<MemberCareReader>();
    drugs = strictMock<MemberDrugUsesReader>();
    healthData = strictMock<HealthDataService>();
    patientInfo = strictMock<PatientInfoRepository>();
    limiter = strictMock<RateLimiter>();
    // The catalogue's getters are plain values; its methods are stubbed below.
    catalogue = {
      dataAsOf: '2026-01-14',
      dataVersion: 'v1',
      countyOfZip: jest.fn(),
      plansInCounty: jest.fn(),
    } as unknown as jest.Mocked<PlanCatalogueService>;
    service = new PlansService(
      polling,
      repository,
      catalogue,
      care,
      drugs,
      healthData,
      new MemberHomeReader(repository, patientInfo),
      limiter,
    );
    service.today = () => TODAY;

    repository.findContact.mockResolvedValue(null);
    patientInfo.listForUser.mockResolvedValue([
      { id: 'p', userId: USER, source: 'uhc', postalCode: '82070-1234', state: 'WY' } as Awaited<
        ReturnType<PatientInfoRepository['listForUser']>
      >[0],
    ]);
    catalogue.countyOfZip.mockReturnValue({ zip: '82070', state: 'WY', county: 'Albany County', otherCounties: [] });
    catalogue.plansInCounty.mockResolvedValue({ plans: [hmo, ppo, snp], extras: new Map(), withoutDetails: 2 });
    care.careClaims.mockResolvedValue([officeVisit('2026-02-01', 120, 'Dr. Lee')]);
    care.outOfPocket.mockResolvedValue(500);
    drugs.drugUses.mockResolvedValue([drug('Atorvastatin', { kind: 'generic', monthlyCost: 12, fills: 12, daysSupplied: 360 })]);
    healthData.currentPlan.mockResolvedValue({ userCurrentPlan: [], currentPlanCost: null });
    repository.findRun.mockResolvedValue(null);
    repository.saveRun.mockResolvedValue();
  });

  it('the 12 months end today', () => {
    expect(estimateWindow('2026-06-30')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(estimateWindow('2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  it('counts the limit, then starts a polled ranking', async () => {
    limiter.consume.mockResolvedValue();
    polling.start.mockResolvedValue('event-1');
    await expect(service.getAllPlanRanks(USER)).resolves.toEqual({ pollingEventID: 'event-1' });
    expect(limiter.consume).toHaveBeenCalledWith(PLANS_LIMITS.ranksPerUser, USER);
    expect(polling.start).toHaveBeenCalledWith(USER, PLAN_RANKS_KIND, {}, expect.any(Number));
  });

  it('ranks the county without its Special Needs Plans, against what the member paid, and stores the run', async () => {
    const outcome = await service.rank(USER);
    expect(outcome.status).toBe('complete');
    const result = outcome.response as PlanRanksResult;
    expect(result.result[0]!.Value.rows.map((row) => row.bidId)).toEqual(['H1111_001_0', 'H2222_002_0']);
    expect(result.excluded).toEqual({ specialNeeds: 1, noCostDetails: 2 });
    expect(result.place).toEqual({ zip: '82070', state: 'WY', county: 'Albany County', source: 'profile', otherCounties: [] });
    expect(result.currentPlan).toEqual({ name: 'Your current coverage', bidId: null, yearlyCost: '$500.00', basis: 'actual-payments' });
    expect(catalogue.countyOfZip).toHaveBeenCalledWith('82070', 'WY');
    expect(repository.saveRun).toHaveBeenCalledWith(USER, expect.stringMatching(/^[0-9a-f]{64}$/), result, expect.any(Object));
  });

  it('answers the stored run while every input is the same, and ranks again when one changes', async () => {
    const first = await service.rank(USER);
    const hash = (first as { inputsHash: string }).inputsHash;
    repository.findRun.mockResolvedValue({ inputsHash: hash, result: first.response as PlanRanksResult, createdAt: new Date() });
    repository.saveRun.mockClear();
    await expect(service.rank(USER)).resolves.toMatchObject({ status: 'complete', inputsHash: hash });
    expect(repository.saveRun).not.toHaveBeenCalled();

    care.outOfPocket.mockResolvedValue(650);
    const changed = await service.rank(USER);
    expect((changed as { inputsHash: string }).inputsHash).not.toBe(hash);
    expect(repository.saveRun).toHaveBeenCalledTimes(1);
  });

  it('compares like for like when the current coverage is a plan of the county', async () => {
    healthData.currentPlan.mockResolvedValue({
      userCurrentPlan: [{ plan_name: 'valley choice (ppo)', marketing_name: null, plan_year: 2026 }],
      currentPlanCost: null,
    });
    const result = (await service.rank(USER)).response as PlanRanksResult;
    expect(result.currentPlan).toMatchObject({ name: 'Valley Choice (PPO)', bidId: 'H2222_002_0', basis: 'catalogue' });
    const rows = result.result[0]!.Value.rows;
    expect(rows.find((row) => row.bidId === 'H2222_002_0')!.netImpact).toBe(0);
    // $30 a month less in premium, the same care: $360 less a year.
    expect(rows.find((row) => row.bidId === 'H1111_001_0')!.netImpact).toBe(-360);
  });

  it.each([
    ['no ZIP anywhere', () => patientInfo.listForUser.mockResolvedValue([]), 'no-zip', PlanTexts.missingZip],
    ['a ZIP in no county', () => catalogue.countyOfZip.mockReturnValue(null), 'unknown-zip', PlanTexts.missingUnknownZip],
    [
      'only Special Needs Plans',
      () => catalogue.plansInCounty.mockResolvedValue({ plans: [snp] as CataloguePlan[], extras: new Map(), withoutDetails: 0 }),
      'no-plans',
      PlanTexts.missingNoPlans,
    ],
  ])('is missing with %s', async (_what, arrange, reason, message) => {
    arrange();
    await expect(service.rank(USER)).resolves.toEqual({ status: 'missing', response: { reason, message } });
  });

  it("uses the contact form's ZIP and state before the profile's", async () => {
    repository.findContact.mockResolvedValue({
      patientId: null,
      gender: 'female',
      birthDate: '1958-01-01',
      streetAddress: '1 Main',
      city: 'Cheyenne',
      state: 'WY',
      postalCode: '82001',
    });
    await service.rank(USER);
    expect(catalogue.countyOfZip).toHaveBeenCalledWith('82001', 'WY');
    expect(patientInfo.listForUser).not.toHaveBeenCalled();
  });

  it('estimate: 400 for a malformed id, 404 when the latest ranking has no such plan', async () => {
    await expect(service.estimate(USER, 'H1111_001')).rejects.toBeInstanceOf(PlansError);
    await expect(service.estimate(USER, ['H1111_001_0'])).rejects.toMatchObject({ code: 'PLANS.VALIDATION' });
    repository.findEstimate.mockResolvedValue(null);
    await expect(service.estimate(USER, 'H1111_001_0')).rejects.toMatchObject({ code: 'PLANS.ESTIMATE_NOT_FOUND' });
  });

  it('alerts: only a boolean is taken', async () => {
    await expect(service.setAlerts(USER, { optedIn: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'PLANS.VALIDATION' });
    repository.setAlertsOptedIn.mockResolvedValue();
    await expect(service.setAlerts(USER, { optedIn: false })).resolves.toEqual({ optedIn: false });
  });
});
