import { SERVICE_CATEGORIES, type CataloguePlan, type ServiceCategory } from '../plan-types';
import type { CareUnit } from './care-categories';
import { CATEGORY_WORDS, counted, type CostLine } from './cost-line';
import { onlyPercent, ruleOf, uncappedCost, unitCost, type ShareRule } from './cost-share';
import { formatMoney, formatRate, percentOf, sumCents, toCents, type Cents } from './money';

/** Original Medicare's Part B coinsurance: what a category the plan's page does not price is costed at. */
export const FALLBACK_PERCENT = 20;

export interface MedicalCost {
  /** Deductible, each category with care, and (when it binds) the MOOP cap as a negative line: they sum to total. */
  lines: CostLine[];
  /** Before the MOOP cap. */
  subtotal: Cents;
  moop: Cents | null;
  capped: boolean;
  total: Cents;
  /** Categories of the member's care whose cost the plan's text did not give (costed at 20%). */
  unreadCategories: ServiceCategory[];
}

interface CategoryRule {
  rule: ShareRule;
  planText: string | null;
  /** Why the fallback percent applies, when it does. */
  fallback: string | null;
}

/**
 * A category's rule in an MA plan: the in-network cost-share (members of an MA plan mostly use its network; a PPO's
 * out-of-network side is shown on the details page, not costed). Preventive care is $0 by law in every plan.
 */
function categoryRule(plan: CataloguePlan, category: ServiceCategory): CategoryRule {
  if (category === 'preventive')
    return { rule: { kind: 'free', text: '$0 by law' }, planText: plan.services.preventive?.text ?? null, fallback: null };
  const cell = category === 'other' ? undefined : plan.services[category];
  if (!cell) {
    const why =
      category === 'other'
        ? 'no category of the plan fits these: 20% assumed, as Original Medicare charges'
        : "the plan's page gives no cost for this: 20% assumed, as Original Medicare charges";
    return { rule: ruleOf(null, FALLBACK_PERCENT), planText: null, fallback: why };
  }
  const rule = ruleOf(cell.inNetwork ?? cell.outOfNetwork, FALLBACK_PERCENT);
  const fallback = rule.kind === 'unread' ? "the plan's text could not be read: 20% assumed, as Original Medicare charges" : null;
  return { rule, planText: cell.text, fallback };
}

/**
 * Medical cost-sharing of the member's care under an MA (or cost) plan:
 * 1. the health deductible: the full cost of non-preventive covered care, oldest first, until it is met;
 * 2. then each unit's cost-share (copay per unit capped at its cost, coinsurance x cost, per-day bands or per-stay);
 *    a category that is coinsurance only is taken of its total once (one rounding);
 * 3. what covered care costs the member is capped at the in-network MOOP; not-covered care (the full cost) is not.
 */
export function maMedicalCost(plan: CataloguePlan, units: readonly CareUnit[]): MedicalCost {
  const rules = new Map<ServiceCategory, CategoryRule>();
  const ruleFor = (category: ServiceCategory): CategoryRule => {
    let found = rules.get(category);
    if (!found) rules.set(category, (found = categoryRule(plan, category)));
    return found;
  };

  // 1. Deductible, in date order (units come sorted).
  const deductible = Math.max(0, toCents(plan.healthDeductible ?? 0));
  let left = deductible;
  let deductibleUnits = 0;
  const afterDeductible = units.map((unit) => {
    const { rule } = ruleFor(unit.category);
    if (left === 0 || unit.category === 'preventive' || rule.kind === 'not-covered' || unit.allowed === 0) return unit.allowed;
    const paid = Math.min(left, unit.allowed);
    left -= paid;
    deductibleUnits += 1;
    return unit.allowed - paid;
  });
  const deductiblePaid = deductible - left;

  const lines: CostLine[] = [];
  if (deductiblePaid > 0) {
    lines.push({
      label: 'Health deductible',
      planText: `${formatRate(deductible)} a year`,
      calculation:
        `${formatMoney(deductiblePaid)} of your first ${counted(deductibleUnits, 'covered bill')} paid in full before the plan's cost-sharing starts` +
        (deductiblePaid < deductible ? ` (the ${formatRate(deductible)} deductible was not all used)` : ''),
      amount: deductiblePaid,
      count: deductibleUnits,
    });
  }

  // 2. Cost-share by category.
  let covered = deductiblePaid;
  let notCovered = 0;
  const unreadCategories: ServiceCategory[] = [];
  const byCategory = new Map<ServiceCategory, number[]>();
  units.forEach((unit, index) => {
    const list = byCategory.get(unit.category);
    if (list) list.push(index);
    else byCategory.set(unit.category, [index]);
  });
  for (const category of SERVICE_CATEGORIES) {
    const indexes = byCategory.get(category);
    if (!indexes) continue;
    const { rule, planText, fallback } = ruleFor(category);
    if (fallback) unreadCategories.push(category);
    const line = categoryLine(
      category,
      rule,
      indexes.map((index) => ({ unit: units[index]!, rest: afterDeductible[index]! })),
      fallback,
    );
    lines.push({ ...line, planText });
    if (rule.kind === 'not-covered') notCovered += line.amount;
    else covered += line.amount;
  }

  // 3. MOOP.
  const moop = plan.moopInNetwork !== null ? toCents(plan.moopInNetwork) : null;
  const subtotal = covered + notCovered;
  const capped = moop !== null && covered > moop;
  if (capped) {
    lines.push({
      label: 'Maximum out-of-pocket (in network)',
      planText: plan.moopText,
      calculation: `Your covered costs of ${formatMoney(covered)} stop at the plan's yearly maximum of ${formatMoney(moop)}`,
      amount: moop - covered,
      count: 0,
    });
  }
  return { lines, subtotal, moop, capped, total: capped ? moop + notCovered : subtotal, unreadCategories };
}

interface UnitRest {
  unit: CareUnit;
  /** What is left of its cost after the deductible. */
  rest: Cents;
}

function categoryLine(
  category: ServiceCategory,
  rule: ShareRule,
  entries: UnitRest[],
  fallback: string | null,
): Omit<CostLine, 'planText'> {
  const words = CATEGORY_WORDS[category];
  const count = entries.length;
  const label = words.label;
  const what = counted(count, words.unit);
  const why = fallback ? ` (${fallback})` : '';
  if (rule.kind === 'free') {
    return { label, calculation: `${what}${category === 'preventive' ? ':' : ' x'} ${rule.text} = $0.00`, amount: 0, count };
  }
  if (rule.kind === 'not-covered') {
    const amount = sumCents(entries.map((entry) => entry.unit.allowed));
    return { label, calculation: `${what}: not covered by the plan, the full cost = ${formatMoney(amount)}`, amount, count };
  }
  const charged = entries.filter((entry) => entry.rest > 0);
  const inDeductible = count - charged.length;
  const deductibleNote = inDeductible > 0 ? `; ${inDeductible} paid in full in the deductible` : '';
  const percent = onlyPercent(rule);
  if (percent !== null) {
    const base = sumCents(charged.map((entry) => entry.rest));
    const amount = percentOf(base, percent);
    const after = inDeductible < count && inDeductible > 0 ? ' after the deductible' : '';
    return {
      label,
      calculation: `${what}: ${rule.text} of ${formatMoney(base)}${after} = ${formatMoney(amount)}${why}${deductibleNote}`,
      amount,
      count,
    };
  }
  const isStay = category === 'inpatient' || category === 'skilledNursing';
  let amount = 0;
  let cappedAtCost = 0;
  for (const { unit, rest } of charged) {
    const cost = unitCost(rule, rest, unit.days);
    if (cost < uncappedCost(rule, rest, unit.days)) cappedAtCost += 1;
    amount += cost;
  }
  const stays = isStay ? ` (${counted(sumCents(charged.map((entry) => entry.unit.days)), 'day')})` : '';
  const cappedNote = cappedAtCost > 0 ? `, ${cappedAtCost} of them capped at the service's own cost` : '';
  const head = inDeductible > 0 ? `${charged.length} of ${what}` : what;
  return {
    label,
    calculation: `${head}${stays} x ${rule.text}${cappedNote} = ${formatMoney(amount)}${deductibleNote}`,
    amount,
    count,
  };
}
