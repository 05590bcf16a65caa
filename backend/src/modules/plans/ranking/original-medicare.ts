import { SERVICE_CATEGORIES, type ServiceCategory } from '../plan-types';
import type { CareUnit } from './care-categories';
import { CATEGORY_WORDS, counted, type CostLine } from './cost-line';
import type { MedicalCost } from './medical-cost';
import { formatMoney, formatRate, percentOf, sumCents, type Cents } from './money';

/**
 * Original Medicare's 2026 cost-sharing, for drug-only plans (PDP): the member keeps Original Medicare for medical
 * care. Figures from CMS's fact sheet "2026 Medicare Parts A & B Premiums and Deductibles" (Nov 14, 2025), as
 * reported e.g. by AHA News / einpresswire.com "CMS releases details on Medicare premiums, deductibles for 2026":
 * Part B deductible $283, Part A deductible $1,736 per benefit period, $434 a day for days 61-90, $868 a lifetime
 * reserve day, $217 a day for SNF days 21-100. No Medigap is assumed, and Original Medicare has no out-of-pocket cap.
 */
export const ORIGINAL_MEDICARE_2026 = {
  partBDeductible: 28300,
  partBCoinsurancePercent: 20,
  partADeductible: 173600,
  hospitalDay61to90: 43400,
  lifetimeReserveDay: 86800,
  snfDay21to100: 21700,
  /** A benefit period ends after 60 days in a row without hospital or SNF care. */
  benefitPeriodGapDays: 60,
  /** Part B premium 2026, paid under every plan: named in the caveats, never in a total. */
  partBPremium: 20290,
} as const;

const dayNumber = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

interface StayCost {
  amount: Cents;
  deductibles: number;
  days61to90: number;
  reserveDays: number;
  /** Days Medicare no longer pays (past day 150 in hospital, day 100 in a SNF): their share of the stay's cost. */
  uncoveredDays: number;
  snfDays21to100: number;
  cappedAtCost: boolean;
}

/** Part A: hospital and SNF stays by benefit period, in date order (units come sorted). */
function partA(stays: readonly CareUnit[]): Map<CareUnit, StayCost> {
  const O = ORIGINAL_MEDICARE_2026;
  const costs = new Map<CareUnit, StayCost>();
  let periodEnd = Number.NEGATIVE_INFINITY;
  let hospitalDays = 0;
  let snfDays = 0;
  let deductiblePaid = false;
  for (const stay of stays) {
    const start = dayNumber(stay.date);
    const cost: StayCost = {
      amount: 0,
      deductibles: 0,
      days61to90: 0,
      reserveDays: 0,
      uncoveredDays: 0,
      snfDays21to100: 0,
      cappedAtCost: false,
    };
    if (start > periodEnd + O.benefitPeriodGapDays) {
      hospitalDays = 0;
      snfDays = 0;
      deductiblePaid = false;
    }
    // One Part A deductible a benefit period, with its first hospital stay.
    if (stay.category === 'inpatient' && !deductiblePaid) {
      cost.deductibles = 1;
      deductiblePaid = true;
    }
    let raw = cost.deductibles * O.partADeductible;
    const perDayShare = Math.round(stay.allowed / stay.days);
    for (let day = 0; day < stay.days; day += 1) {
      if (stay.category === 'inpatient') {
        hospitalDays += 1;
        if (hospitalDays > 150) cost.uncoveredDays += 1;
        else if (hospitalDays > 90) cost.reserveDays += 1;
        else if (hospitalDays > 60) cost.days61to90 += 1;
      } else {
        snfDays += 1;
        if (snfDays > 100) cost.uncoveredDays += 1;
        else if (snfDays > 20) cost.snfDays21to100 += 1;
      }
    }
    raw +=
      cost.days61to90 * O.hospitalDay61to90 +
      cost.reserveDays * O.lifetimeReserveDay +
      cost.snfDays21to100 * O.snfDay21to100 +
      cost.uncoveredDays * perDayShare;
    cost.amount = Math.min(raw, stay.allowed);
    cost.cappedAtCost = raw > stay.allowed;
    costs.set(stay, cost);
    periodEnd = Math.max(periodEnd, start + stay.days);
  }
  return costs;
}

function stayLine(category: 'inpatient' | 'skilledNursing', stays: CareUnit[], costs: Map<CareUnit, StayCost>): CostLine {
  const O = ORIGINAL_MEDICARE_2026;
  const words = CATEGORY_WORDS[category];
  const parts = stays.map((stay) => costs.get(stay)!);
  const total = (pick: (cost: StayCost) => number): number => sumCents(parts.map(pick));
  const amount = total((cost) => cost.amount);
  const pieces: string[] = [];
  if (total((c) => c.deductibles) > 0) pieces.push(`${formatRate(O.partADeductible)} Part A deductible x ${total((c) => c.deductibles)}`);
  if (total((c) => c.days61to90) > 0) pieces.push(`days 61-90 at ${formatRate(O.hospitalDay61to90)} a day x ${total((c) => c.days61to90)}`);
  if (total((c) => c.reserveDays) > 0)
    pieces.push(`lifetime reserve days at ${formatRate(O.lifetimeReserveDay)} x ${total((c) => c.reserveDays)}`);
  if (total((c) => c.snfDays21to100) > 0)
    pieces.push(`days 21-100 at ${formatRate(O.snfDay21to100)} a day x ${total((c) => c.snfDays21to100)}`);
  if (total((c) => c.uncoveredDays) > 0)
    pieces.push(
      `${counted(
        total((c) => c.uncoveredDays),
        'day',
      )} past Medicare's limit at the full cost`,
    );
  if (pieces.length === 0) pieces.push(category === 'inpatient' ? 'no deductible (same benefit period)' : 'days 1-20 at $0');
  const capped = parts.some((cost) => cost.cappedAtCost) ? ' (capped at the stay’s own cost)' : '';
  const days = sumCents(stays.map((stay) => stay.days));
  return {
    label: `${words.label} (Original Medicare Part A)`,
    planText: null,
    calculation: `${counted(stays.length, words.unit)} (${counted(days, 'day')}): ${pieces.join(' + ')}${capped} = ${formatMoney(amount)}`,
    amount,
    count: stays.length,
  };
}

/**
 * Medical cost under Original Medicare: Part A for hospital and SNF stays; Part B for everything else (the $283
 * deductible on non-preventive care in date order, then 20% of each category's cost, taken once); preventive care,
 * clinical lab tests and home health $0 (Medicare.gov "Clinical laboratory tests": "You usually pay nothing").
 */
export function originalMedicareCost(units: readonly CareUnit[]): MedicalCost {
  const O = ORIGINAL_MEDICARE_2026;
  const isStay = (category: ServiceCategory): category is 'inpatient' | 'skilledNursing' =>
    category === 'inpatient' || category === 'skilledNursing';
  const stays = units.filter((unit) => isStay(unit.category));
  const stayCosts = partA(stays);

  let left: Cents = O.partBDeductible;
  let deductibleUnits = 0;
  const rest = new Map<CareUnit, Cents>();
  for (const unit of units) {
    if (isStay(unit.category)) continue;
    if (unit.category === 'preventive' || unit.category === 'labs' || unit.homeHealth || left === 0 || unit.allowed === 0) {
      rest.set(unit, unit.allowed);
      continue;
    }
    const paid = Math.min(left, unit.allowed);
    left -= paid;
    deductibleUnits += 1;
    rest.set(unit, unit.allowed - paid);
  }
  const deductiblePaid = O.partBDeductible - left;

  const lines: CostLine[] = [];
  if (deductiblePaid > 0) {
    lines.push({
      label: 'Part B deductible (Original Medicare)',
      planText: `${formatRate(O.partBDeductible)} a year`,
      calculation: `${formatMoney(deductiblePaid)} of your first ${counted(deductibleUnits, 'bill')} for doctors and outpatient care paid in full`,
      amount: deductiblePaid,
      count: deductibleUnits,
    });
  }
  for (const category of SERVICE_CATEGORIES) {
    const inCategory = units.filter((unit) => unit.category === category && !unit.homeHealth);
    if (inCategory.length === 0) continue;
    if (isStay(category)) {
      lines.push(stayLine(category, inCategory, stayCosts));
      continue;
    }
    const words = CATEGORY_WORDS[category];
    const what = counted(inCategory.length, words.unit);
    if (category === 'preventive') {
      lines.push({ label: words.label, planText: null, calculation: `${what}: $0 by law = $0.00`, amount: 0, count: inCategory.length });
      continue;
    }
    if (category === 'labs') {
      lines.push({
        label: `${words.label} (Original Medicare Part B)`,
        planText: null,
        calculation: `${what}: clinical lab tests cost $0 under Part B = $0.00`,
        amount: 0,
        count: inCategory.length,
      });
      continue;
    }
    const base = sumCents(inCategory.map((unit) => rest.get(unit)!));
    const amount = percentOf(base, O.partBCoinsurancePercent);
    lines.push({
      label: `${words.label} (Original Medicare Part B)`,
      planText: null,
      calculation: `${what}: ${O.partBCoinsurancePercent}% of ${formatMoney(base)} = ${formatMoney(amount)}`,
      amount,
      count: inCategory.length,
    });
  }
  const homeHealth = units.filter((unit) => unit.homeHealth).length;
  if (homeHealth > 0) {
    lines.push({
      label: 'Home health care (Original Medicare)',
      planText: null,
      calculation: `${counted(homeHealth, 'home health bill')}: $0 under Original Medicare = $0.00`,
      amount: 0,
      count: homeHealth,
    });
  }
  const total = sumCents(lines.map((line) => line.amount));
  return { lines, subtotal: total, moop: null, capped: false, total, unreadCategories: [] };
}
