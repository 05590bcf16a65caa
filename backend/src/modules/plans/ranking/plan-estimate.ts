import type { PlanEstimate } from '@healthlink/contracts';
import type { CataloguePlan, CataloguePlanBenefits, DrugUse, MemberCostInputs } from '../plan-types';
import { categorizeClaims, SKIP_REASON_TEXT, type CareProfile, type SkipReason } from './care-categories';
import { CATEGORY_WORDS, counted, toEstimateLine } from './cost-line';
import { drugCost, type DrugCost } from './drug-cost';
import { maMedicalCost, type MedicalCost } from './medical-cost';
import { formatMoney, toCents, type Cents } from './money';
import { ORIGINAL_MEDICARE_2026, originalMedicareCost } from './original-medicare';

/** What every plan's estimate reads of the member, computed once for all plans. */
export interface MemberProfile {
  from: string;
  to: string;
  care: CareProfile;
  drugs: readonly DrugUse[];
}

export const memberProfile = (inputs: MemberCostInputs): MemberProfile => ({
  from: inputs.from,
  to: inputs.to,
  care: categorizeClaims(inputs.claims),
  drugs: inputs.drugs,
});

export interface EstimateOptions {
  /** YYYY-MM-DD of the plan data, shown with every plan. */
  dataAsOf: string;
  /** Yearly cost of the member's current plan (cents) for netImpact; null when unknown. */
  currentYearly: Cents | null;
  benefits?: Pick<CataloguePlanBenefits, 'enhanced'> | null;
}

/** The numbers of one plan, in cents, for the rank row. */
export interface PlanCosts {
  /** Total monthly premium x 12 - Part B reduction x 12. */
  premiumYearly: Cents;
  medicalPremiumYearly: Cents;
  pharmacyPremiumYearly: Cents;
  medical: Cents;
  pharmacy: Cents;
  msaDeposit: Cents;
  total: Cents;
  netImpact: Cents | null;
}

/** Plans without medical coverage: the member's medical care stays with Original Medicare. */
export const hasMedicalCoverage = (plan: CataloguePlan): boolean => plan.category !== 'PDP';

/**
 * One plan's yearly cost for the member:
 *   total = premium x 12 - Part B reduction x 12 + medical cost-sharing (MOOP-capped) + drug cost - MSA deposit.
 * Supplemental benefits and stars are beside it, never in it; the Part B premium is paid under every plan and left out.
 */
export function estimateForMember(
  plan: CataloguePlan,
  member: MemberProfile,
  options: EstimateOptions,
): { estimate: PlanEstimate; costs: PlanCosts } {
  const monthly = {
    total: toCents(plan.premiums.total),
    medical: toCents(plan.premiums.partC),
    pharmacy: toCents(plan.premiums.partD),
    reduction: toCents(plan.premiums.partBReduction),
  };
  const premiumYearly = monthly.total * 12 - monthly.reduction * 12;
  const medical = hasMedicalCoverage(plan) ? maMedicalCost(plan, member.care.units) : originalMedicareCost(member.care.units);
  const pharmacy = drugCost(plan, member.drugs);
  const msaDeposit = Math.max(0, toCents(plan.msaDeposit));
  const total = premiumYearly + medical.total + pharmacy.total - msaDeposit;
  const netImpact = options.currentYearly === null ? null : total - options.currentYearly;
  const costs: PlanCosts = {
    premiumYearly,
    medicalPremiumYearly: monthly.medical * 12,
    pharmacyPremiumYearly: monthly.pharmacy * 12,
    medical: medical.total,
    pharmacy: pharmacy.total,
    msaDeposit,
    total,
    netImpact,
  };
  const estimate: PlanEstimate = {
    bidId: plan.bidId,
    planName: plan.name,
    carrier: plan.carrier,
    planType: plan.planType,
    premiums: {
      total: formatMoney(monthly.total),
      medical: formatMoney(monthly.medical),
      pharmacy: formatMoney(monthly.pharmacy),
      partBReduction: formatMoney(monthly.reduction),
      yearly: formatMoney(premiumYearly),
    },
    medical: {
      lines: medical.lines.map(toEstimateLine),
      subtotal: formatMoney(medical.subtotal),
      moop: medical.moop === null ? null : formatMoney(medical.moop),
      capped: medical.capped,
      total: formatMoney(medical.total),
    },
    pharmacy: {
      lines: pharmacy.lines.map(toEstimateLine),
      deductible: formatMoney(pharmacy.deductible),
      total: formatMoney(pharmacy.total),
      tiersEstimated: pharmacy.tiersEstimated,
    },
    msaDeposit: formatMoney(msaDeposit),
    total: formatMoney(total),
    // No dollar value is put on extras: what they are worth depends on use the claims cannot show. They are named.
    supplementalValue: formatMoney(0),
    supplementalItems: (options.benefits?.enhanced ?? []).map((benefit) => benefit.name),
    starRating: plan.stars.overall,
    netImpact: netImpact === null ? null : formatMoney(netImpact),
    caveats: caveatsOf(plan, member, medical, pharmacy),
    dataAsOf: options.dataAsOf,
    sourceUrl: plan.sourceUrl,
  };
  return { estimate, costs };
}

function caveatsOf(plan: CataloguePlan, member: MemberProfile, medical: MedicalCost, pharmacy: DrugCost): string[] {
  const caveats = [
    `The Part B premium (${formatMoney(ORIGINAL_MEDICARE_2026.partBPremium)} a month in 2026) is paid under every plan, so it is left out of every total.`,
    `Estimated from your claims and prescriptions of ${member.from} to ${member.to}: next year's care may differ.`,
  ];
  if (hasMedicalCoverage(plan)) {
    caveats.push(
      'Medical costs are for in-network care: members of a Medicare Advantage plan mostly use its network. Whether your doctors are in it is not checked here; out-of-network care can cost more.',
      'Where the plan gives a range (e.g. $0-$50 copay), the top of the range is used, so a plan is never shown cheaper than it might be.',
    );
    if ((plan.healthDeductible ?? 0) > 0) {
      caveats.push(
        "The plan's health deductible is applied to all covered care except preventive care; some plans waive it for some services.",
      );
    }
  } else {
    caveats.push(
      'This drug plan has no medical coverage: your medical care is costed under Original Medicare (Parts A and B, 2026 amounts) without a Medigap policy. Original Medicare has no yearly out-of-pocket limit.',
    );
  }
  if (medical.unreadCategories.length > 0) {
    const names = medical.unreadCategories.map((category) => CATEGORY_WORDS[category].label.toLowerCase()).join(', ');
    caveats.push(`The plan's cost for ${names} was not available or could not be read: 20% coinsurance was assumed.`);
  }
  if (member.care.officeVisitsWithoutProvider > 0 && hasMedicalCoverage(plan)) {
    caveats.push(
      `Office visits whose claim names no doctor (${member.care.officeVisitsWithoutProvider}) were counted as primary doctor visits; specialist visits usually cost more.`,
    );
  }
  if (plan.hasDrugCoverage) {
    caveats.push(
      "We have no formulary for this plan: each drug's tier is estimated from brand or generic and its price, and the drug deductible is applied to every tier.",
    );
  } else {
    caveats.push('This plan has no drug coverage: your drugs are counted at their full price.');
  }
  if (pharmacy.unpriced.length > 0) {
    caveats.push(`No price was found for ${[...pharmacy.unpriced].sort().join(', ')}: counted at $0.00.`);
  }
  const skipped = new Map<SkipReason, number>();
  for (const claim of member.care.skipped) skipped.set(claim.reason, (skipped.get(claim.reason) ?? 0) + 1);
  for (const [reason, count] of skipped) caveats.push(`${counted(count, 'claim')} left out: ${SKIP_REASON_TEXT[reason]}.`);
  return caveats;
}
