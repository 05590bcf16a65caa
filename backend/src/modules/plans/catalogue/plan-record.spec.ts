import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_CATEGORIES } from '../plan-types';
import { PLAN_FILES, PLANS_DATA_DIR, readPlanDetails, readPlansByState, readStarRatings, type PlanDetailsRecord } from './catalogue-files';
import { isReadCost } from './cost-text';
import { bidIdOf, healthDeductibleOf, moopOf, networkOf, toCataloguePlan, toCataloguePlanBenefits } from './plan-record';

const file = (name: string) => readFileSync(join(PLANS_DATA_DIR, name));
const records = readPlanDetails(file(PLAN_FILES.details.fileName));
const listings = new Map(readPlansByState(file(PLAN_FILES.byState.fileName)).map((listing) => [listing.bidId, listing]));
const contracts = new Map(readStarRatings(file(PLAN_FILES.stars.fileName)).map((stars) => [stars.contractId, stars]));
const record = (bidId: string): PlanDetailsRecord => records.find((r) => bidIdOf(r) === bidId)!;
const planOf = (bidId: string) => toCataloguePlan(record(bidId), listings.get(bidId)!, contracts.get(bidId.slice(0, 5)));

describe('toCataloguePlan', () => {
  it('reads an MA-PD PPO page: premiums, deductibles, MOOP, services, drug tiers, stars', () => {
    const plan = planOf('H0104_012_0');
    expect(plan).toMatchObject({
      bidId: 'H0104_012_0',
      contractId: 'H0104',
      planId: '012',
      segmentId: '0',
      name: 'Blue Advantage Complete (PPO)',
      carrier: 'Blue Cross and Blue Shield of Alabama',
      planType: 'PPO',
      category: 'MA-PD',
      specialNeeds: false,
      network: 'In and out of network',
      hasDrugCoverage: true,
      premiums: { total: 35.5, partC: 0, partD: 35.5, partBReduction: 0 },
      healthDeductible: 0,
      drugDeductible: 200,
      moopInNetwork: 5900,
      moopCombined: 9500,
      moopText: '$9,500 In and Out-of-network | $5,900 In-network',
      drugTierBasis: 'Standard retail pharmacy drug cost for 1 month',
      msaDeposit: 0,
      stars: { overall: 3.5, healthPlan: 4, drugPlan: 3.5 },
    });
    expect(plan.services.primaryCare?.text).toBe('In-network: $5 copay | Out-of-network: 50% coinsurance');
    expect(plan.services.primaryCare?.inNetwork?.copay).toEqual({ min: 5, max: 5 });
    expect(plan.services.diagnosticRadiology?.flags).toEqual(['limits_apply', 'prior_auth']);
    expect(plan.services.partBDrugs?.inNetwork?.coinsurance).toEqual({ min: 0, max: 20 });
    expect(plan.services.telehealth?.inNetwork?.copay).toEqual({ min: 5, max: 140 });
    expect(plan.drugTiers.map((tier) => [tier.tier, tier.name, tier.initial.text])).toEqual([
      [1, 'Preferred Generic', '$0.00 copay'],
      [2, 'Generic', '$20.00 copay'],
      [3, 'Preferred Brand', '$47.00 copay'],
      [4, 'Non-Preferred Drug', '47% coinsurance'],
      [5, 'Specialty Tier', '30% coinsurance'],
    ]);
    expect(Object.keys(plan.services).sort()).toEqual(SERVICE_CATEGORIES.filter((c) => c !== 'other').sort());
  });

  it('reads the Part B reduction, a PDP (all of the premium is Part D), and the one MSA deposit', () => {
    const reducing = records.find((r) =>
      r.tables.some((t) => t.rows.some((row) => row.item === 'Part B premium reduction' && row.values[0] !== 'Not offered')),
    )!;
    const reduction = reducing.tables.flatMap((t) => t.rows).find((row) => row.item === 'Part B premium reduction')!.values[0]!;
    expect(planOf(bidIdOf(reducing)).premiums.partBReduction).toBe(Number(reduction.replace(/[^\d.]/g, '')));

    const pdp = records.find((r) => listings.get(bidIdOf(r))!.category === 'PDP')!;
    const plan = planOf(bidIdOf(pdp));
    expect(plan).toMatchObject({
      category: 'PDP',
      network: 'Pharmacy network',
      hasDrugCoverage: true,
      moopInNetwork: null,
      healthDeductible: null,
    });
    expect(plan.premiums.partC).toBe(0);
    expect(plan.premiums.partD).toBe(plan.premiums.total);
    expect(plan.services).toEqual({});
    expect(plan.stars.healthPlan).toBeNull();

    expect(planOf('H1181_001_0')).toMatchObject({ planType: 'MSA', msaDeposit: 1750, healthDeductible: 4000, moopInNetwork: null });
  });

  it('fills a rating the page lacks from the contract, and reads SNPs from the landscape', () => {
    const missing = records.find((r) => !r.star_ratings.some(([h]) => /overall/i.test(h)) && contracts.get(r.contract_id)?.overall)!;
    expect(planOf(bidIdOf(missing)).stars.overall).toBe(contracts.get(missing.contract_id)!.overall);
    const snp = records.find((r) => listings.get(bidIdOf(r))!.category === 'SNP')!;
    expect(planOf(bidIdOf(snp)).specialNeeds).toBe(true);
  });

  it('converts every page of the repo copy, with a category and parsed premiums', () => {
    let moops = 0;
    const wrong: string[] = [];
    for (const r of records) {
      const plan = toCataloguePlan(r, listings.get(bidIdOf(r))!, contracts.get(r.contract_id));
      if (!(Math.abs(plan.premiums.partC + plan.premiums.partD - plan.premiums.total) < 0.005)) wrong.push(`${plan.bidId} premiums`);
      if (plan.moopInNetwork !== null) moops++;
      for (const [service, cost] of Object.entries(plan.services)) if (!isReadCost(cost)) wrong.push(`${plan.bidId} ${service}`);
    }
    expect(wrong).toEqual([]);
    // 5,044 pages have a MOOP row; 17 say "Not Applicable" (MSA and cost plans).
    expect(moops).toBe(5044 - 17);
  });
});

describe('money cells', () => {
  it('reads deductibles and MOOPs in every layout the pages use', () => {
    expect(healthDeductibleOf('$0 or $257per year for in-network services')).toBe(257);
    expect(healthDeductibleOf('$500Out-of-network')).toBe(0);
    expect(healthDeductibleOf('$4,000Annual deductible')).toBe(4000);
    expect(healthDeductibleOf(null)).toBeNull();
    expect(moopOf('$5,900 In-network | $10,100 Out-of-network')).toEqual({ inNetwork: 5900, combined: null });
    expect(moopOf('$7,500 In and Out-of-network')).toEqual({ inNetwork: 7500, combined: 7500 });
    expect(moopOf('$3,400')).toEqual({ inNetwork: 3400, combined: null });
    expect(moopOf('Not Applicable')).toEqual({ inNetwork: null, combined: null });
  });

  it('names the network by plan type', () => {
    expect(networkOf('HMO D-SNP', 'SNP')).toBe('In-network only');
    expect(networkOf('HMO-POS', 'MA-PD')).toMatch(/POS/);
    expect(networkOf('Regional PPO', 'MA')).toBe('In and out of network');
    expect(networkOf('PDP', 'PDP')).toBe('Pharmacy network');
  });
});

describe('toCataloguePlanBenefits', () => {
  it('lists the covered extras once, transportation, and every benefit table', () => {
    const benefits = toCataloguePlanBenefits(record('H0104_012_0'));
    expect(benefits.enhanced.find((item) => item.name === 'Hearing aids - prescription')).toEqual({
      name: 'Hearing aids - prescription',
      value: 'In-network: $499-$999 copay | Out-of-network: $499-$999 copay',
      flags: ['limits_apply'],
    });
    expect(benefits.enhanced.some((item) => item.value === 'Not covered')).toBe(false);
    expect(benefits.rideshare).toBeNull();
    expect(benefits.sections.map((s) => s.section)).not.toContain('overview');
    const tiers = benefits.sections.find((s) => s.table.startsWith('Costs by drug tier'))!;
    expect(tiers.items[0]!.value).toBe('Initial coverage phase: $0.00 copay | Catastrophic coverage phase: $0 copay');

    const riding = records.find((r) =>
      r.tables.some((t) => t.rows.some((row) => row.item.startsWith('Transportation services') && row.values[0] !== 'Not covered')),
    )!;
    expect(toCataloguePlanBenefits(riding).rideshare).toMatch(/locations: /);
  });
});
