import type { CataloguePlanBenefits, MemberCostInputs } from '../plan-types';
import { buildPlan, cell, copay, drug, officeVisit, share } from '../../../../test/factories/plan.factory';
import { estimateForMember, memberProfile } from './plan-estimate';

const inputs = (parts: Partial<MemberCostInputs> = {}): MemberCostInputs => ({
  from: '2025-01-01',
  to: '2025-12-31',
  claims: [],
  drugs: [],
  ...parts,
});
const options = { dataAsOf: '2026-01-14', currentYearly: null };

describe('estimateForMember', () => {
  it('totals premium x 12 - Part B reduction x 12 + medical + drugs - MSA deposit', () => {
    const plan = buildPlan({
      planType: 'MSA',
      category: 'MA',
      hasDrugCoverage: false,
      drugTiers: [],
      premiums: { total: 12.3, partC: 12.3, partD: 0, partBReduction: 2 },
      healthDeductible: 3000,
      moopInNetwork: 6000,
      msaDeposit: 1500,
    });
    const member = memberProfile(inputs({ claims: [officeVisit('2025-03-01', 400)], drugs: [drug('Zed', { monthlyCost: 20 })] }));
    const { costs, estimate } = estimateForMember(plan, member, options);
    // 12 x $12.30 - 12 x $2 = $123.60; $400 in the deductible; drugs 12 x $20 = $240; - $1,500.
    expect(costs).toEqual({
      premiumYearly: 12360,
      medicalPremiumYearly: 14760,
      pharmacyPremiumYearly: 0,
      medical: 40000,
      pharmacy: 24000,
      msaDeposit: 150000,
      total: 12360 + 40000 + 24000 - 150000,
      netImpact: null,
    });
    expect(estimate.total).toBe('-$736.40');
    expect(estimate.premiums).toEqual({
      total: '$12.30',
      medical: '$12.30',
      pharmacy: '$0.00',
      partBReduction: '$2.00',
      yearly: '$123.60',
    });
    expect(estimate.msaDeposit).toBe('$1,500.00');
    expect(estimate.pharmacy.tiersEstimated).toBe(false);
    expect(estimate.caveats).toContain('This plan has no drug coverage: your drugs are counted at their full price.');
  });

  it('puts no dollar value on extra benefits, names them, and keeps stars beside the total', () => {
    const plan = buildPlan({ stars: { overall: 4.5, healthPlan: 4, drugPlan: 5 } });
    const benefits: CataloguePlanBenefits = {
      bidId: plan.bidId,
      enhanced: [
        { name: 'Hearing aids - prescription', value: 'In-network: $499 copay', flags: [] },
        { name: 'Fitness benefit', value: 'Covered', flags: [] },
      ],
      rideshare: null,
      sections: [],
    };
    const without = estimateForMember(plan, memberProfile(inputs()), options).estimate;
    const withExtras = estimateForMember(plan, memberProfile(inputs()), { ...options, benefits }).estimate;
    expect(withExtras.supplementalValue).toBe('$0.00');
    expect(withExtras.supplementalItems).toEqual(['Hearing aids - prescription', 'Fitness benefit']);
    expect(withExtras.total).toBe(without.total);
    expect(withExtras.starRating).toBe(4.5);
  });

  it('says in the caveats what the estimate cannot know', () => {
    const plan = buildPlan({ healthDeductible: 200, services: { primaryCare: cell('Call the plan', share()) } });
    const member = memberProfile(
      inputs({
        claims: [officeVisit('2025-03-01', 100), { ...officeVisit('2025-03-02', 100), allowed: null, lines: [] }],
        drugs: [drug('Mysterin', { monthlyCost: null })],
      }),
    );
    const { caveats } = estimateForMember(plan, member, options).estimate;
    expect(caveats).toEqual([
      'The Part B premium ($202.90 a month in 2026) is paid under every plan, so it is left out of every total.',
      "Estimated from your claims and prescriptions of 2025-01-01 to 2025-12-31: next year's care may differ.",
      expect.stringContaining('in-network care'),
      expect.stringContaining('the top of the range is used'),
      expect.stringContaining('health deductible is applied to all covered care except preventive care'),
      "The plan's cost for primary doctor visits was not available or could not be read: 20% coinsurance was assumed.",
      'Office visits whose claim names no doctor (1) were counted as primary doctor visits; specialist visits usually cost more.',
      expect.stringContaining('We have no formulary for this plan'),
      'No price was found for Mysterin: counted at $0.00.',
      '1 claim left out: no amount on the claim.',
    ]);
  });

  it('costs a drug plan’s medical care under Original Medicare and says so', () => {
    const plan = buildPlan({
      category: 'PDP',
      planType: 'PDP',
      services: { primaryCare: cell('$0 copay', copay(0)) },
      moopInNetwork: null,
    });
    const { estimate } = estimateForMember(plan, memberProfile(inputs({ claims: [officeVisit('2025-03-01', 100)] })), options);
    expect(estimate.medical.total).toBe('$100.00'); // all of it in the $283 Part B deductible
    expect(estimate.caveats).toContain(
      'This drug plan has no medical coverage: your medical care is costed under Original Medicare (Parts A and B, 2026 amounts) without a Medigap policy. Original Medicare has no yearly out-of-pocket limit.',
    );
  });

  it('answers netImpact against the current plan’s yearly cost', () => {
    const plan = buildPlan({ premiums: { total: 20, partC: 20, partD: 0, partBReduction: 0 } });
    const { costs, estimate } = estimateForMember(plan, memberProfile(inputs()), { ...options, currentYearly: 30000 });
    expect(costs.netImpact).toBe(24000 - 30000);
    expect(estimate.netImpact).toBe('-$60.00');
  });
});
