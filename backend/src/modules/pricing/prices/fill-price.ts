import type { FillPrice } from '@healthlink/contracts';
import { MAX_PER_UNIT, PRICING_UNITS } from './nadac-file';

/**
 * Price per fill, "estimated retail" (README: Prices):
 *   quantity x NADAC per unit (the cheapest current rate among the equivalent NDCs, same pricing unit) + fee.
 * NADAC is what pharmacies pay for the drug; the fee stands for what they charge to dispense it: $10.50, about the
 * middle of the professional dispensing fees state Medicaid programs pay since CMS's 2016 Covered Outpatient Drugs
 * rule (most between $10 and $12; CMS, "Medicaid Covered Outpatient Prescription Drug Reimbursement Information
 * by State", medicaid.gov). A cash price at a chain pharmacy is often higher; a coupon price often lower.
 */
export const DISPENSING_FEE_CENTS = 1050;
/** Without the fill's quantity: a 30-day supply of one unit a day, for drugs priced per unit (EA) only. */
export const ASSUMED_QUANTITY = 30;

export type NadacSourceKind = 'nadac-weekly' | 'nadac-history';

/** One nadac_prices row as read: the price as PostgreSQL prints it (it may be anything a bad row holds). */
export interface NadacRate {
  ndc11: string;
  source: NadacSourceKind;
  perUnit: string;
  pricingUnit: string | null;
  /** YYYY-MM-DD */
  effectiveDate: string;
  classification: 'brand' | 'generic' | null;
  description: string | null;
  /** YYYY-MM-DD of the file the rate came from. */
  asOf: string;
  /** RxNorm's name of the NDC's drug, when RxNorm 2025 has it. */
  rxnormName: string | null;
}

/** Why a rate cannot be used (null when it can): logged as DRUG_PRICE_INVALID, shown as N/A. */
export function rateProblem(rate: Pick<NadacRate, 'perUnit' | 'pricingUnit' | 'source'>): string | null {
  const text = rate.perUnit.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return `per-unit price "${text}" is not a number`;
  const value = Number(text);
  if (value < 0) return 'per-unit price is negative';
  if (value === 0) return 'per-unit price is zero';
  if (value >= MAX_PER_UNIT) return `per-unit price is over $${MAX_PER_UNIT}`;
  if (rate.source === 'nadac-weekly' && !(PRICING_UNITS as readonly (string | null)[]).includes(rate.pricingUnit)) {
    return `pricing unit "${rate.pricingUnit ?? ''}" is not one of ${PRICING_UNITS.join(', ')}`;
  }
  return null;
}

/** Dollars as text into integer units of 10^-scale (no float rounding); the text is a checked non-negative decimal. */
function scaled(text: string, scale: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(scale, '0').slice(0, scale));
}
const PER_UNIT_SCALE = 9;
const QUANTITY_SCALE = 3;

/** quantity x per unit + fee, in cents, rounded half up. */
export function fillCents(quantity: number, perUnit: string): number {
  const q = scaled(quantity.toFixed(QUANTITY_SCALE), QUANTITY_SCALE);
  const product = q * scaled(perUnit, PER_UNIT_SCALE); // units of 10^-12 dollars
  const toCents = 10n ** BigInt(PER_UNIT_SCALE + QUANTITY_SCALE - 2);
  return Number((product + toCents / 2n) / toCents) + DISPENSING_FEE_CENTS;
}

export const dollars = (cents: number): string => (cents / 100).toFixed(2);

/** Where a rate comes from, as shown beside its price. */
export function sourceOf(rate: Pick<NadacRate, 'source' | 'asOf' | 'effectiveDate'>): string {
  return rate.source === 'nadac-weekly'
    ? `CMS NADAC, week of ${rate.asOf}`
    : `CMS NADAC history, rate of ${rate.effectiveDate} (no longer in the weekly survey)`;
}

/** The fill's quantity in the rate's unit, and whether it was assumed. */
export interface FillQuantity {
  quantity: number;
  assumed: boolean;
}

/**
 * The quantity to price: the prescription's own (its unit is the NDC's billing unit, which is NADAC's pricing
 * unit), else ASSUMED_QUANTITY for a drug priced per EA; for mL or g without a quantity nothing can be assumed.
 */
export function quantityFor(known: number | null, unit: string | null): FillQuantity | null {
  if (known !== null && Number.isFinite(known) && known > 0) return { quantity: known, assumed: false };
  return unit === 'EA' ? { quantity: ASSUMED_QUANTITY, assumed: true } : null;
}

const trimZeros = (quantity: number): string => String(Number(quantity.toFixed(QUANTITY_SCALE)));

/** The fill price of a valid rate, with its formula; `unit` is the rate's (or, for a history rate, the group's). */
export function fillPrice(rate: NadacRate, unit: string, quantity: FillQuantity, name: string): FillPrice {
  const cents = fillCents(quantity.quantity, rate.perUnit);
  const qty = `${trimZeros(quantity.quantity)} ${unit}${quantity.assumed ? ` (assumed ${ASSUMED_QUANTITY} units: a 30-day supply)` : ''}`;
  return {
    name,
    ndc11: rate.ndc11,
    price: dollars(cents),
    formula: `${qty} x $${rate.perUnit} NADAC per ${unit} (${rate.effectiveDate}) + $${dollars(DISPENSING_FEE_CENTS)} dispensing fee = $${dollars(cents)}`,
    priceDate: rate.effectiveDate,
    source: sourceOf(rate),
  };
}

/** What the member paid less the price, when the price is lower; else null (no saving to show). */
export function savings(patientPaid: string | number | null, price: string | null): string | null {
  if (patientPaid === null || price === null) return null;
  const paid = Math.round(Number(patientPaid) * 100);
  const cost = Math.round(Number(price) * 100);
  return Number.isFinite(paid) && paid > cost ? dollars(paid - cost) : null;
}

/**
 * The cheapest usable rate of a group of equivalent NDCs in one pricing unit: current (weekly) rates first; the
 * 2022 history only when no weekly rate is usable. Bad rates are handed to `invalid` and skipped.
 */
export function cheapestRate(
  rates: readonly NadacRate[],
  unit: string | null,
  invalid: (rate: NadacRate, problem: string) => void,
): NadacRate | null {
  const usable: NadacRate[] = [];
  for (const rate of rates) {
    const problem = rateProblem(rate);
    if (problem) invalid(rate, problem);
    else usable.push(rate);
  }
  const pick = (source: NadacSourceKind): NadacRate | null =>
    usable
      .filter((rate) => rate.source === source && (source === 'nadac-history' || rate.pricingUnit === unit))
      .sort((a, b) => Number(a.perUnit) - Number(b.perUnit) || (a.ndc11 < b.ndc11 ? -1 : 1))[0] ?? null;
  return pick('nadac-weekly') ?? pick('nadac-history');
}
