import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../insurers/csv';

export const COUPON_DATA_DIR = resolve(__dirname, '..', '..', 'data', 'coupons');

/** One NADAC rate: a description and the NDCs priced at it (CMS NADAC weekly file). */
export interface NadacRate {
  description: string;
  ndcs: string[];
  /** USD per pricing unit. */
  perUnit: number;
  unit: 'EA' | 'ML' | 'GM';
  brand: boolean;
  /** YYYY-MM-DD the rate took effect: the date of every price derived from it. */
  effectiveDate: string;
  /** For a brand rate: the generic description at the brand's "corresponding generic" rate, when one was found. */
  genericDescription: string | null;
}

/** A pharmacy of the sandbox's network. NPIs carry a valid Luhn check digit, as real ones do. */
export interface Pharmacy {
  npi: string;
  name: string;
  /** Multipliers over the fill's NADAC cost, before the per-drug variation, and the dispensing fee in USD. */
  genericMarkup: number;
  brandMarkup: number;
  fee: number;
}

/** The units of one fill every price is quoted for. */
export const FILL_QUANTITY = 30;

export const PHARMACIES: readonly Pharmacy[] = [
  { npi: '1003000126', name: 'Maple Street Pharmacy', genericMarkup: 1.12, brandMarkup: 1.03, fee: 4.5 },
  { npi: '1104000017', name: 'Riverside Drug', genericMarkup: 1.18, brandMarkup: 1.05, fee: 3.75 },
  { npi: '1205000023', name: 'ValueRx Pharmacy', genericMarkup: 1.08, brandMarkup: 1.08, fee: 5.25 },
  { npi: '1306000021', name: 'Harbor Health Pharmacy', genericMarkup: 1.22, brandMarkup: 1.02, fee: 4.0 },
];

/** Retail (cash, no coupon) over the fill's NADAC cost: always above every pharmacy's coupon price. */
const RETAIL = { genericMarkup: 3.0, brandMarkup: 1.3, fee: 15 };
/** The per-drug, per-pharmacy variation: 0 to 0.10 more markup, so that not one pharmacy is cheapest for everything. */
const VARIATION = 0.1;

export interface PharmacyPrice {
  pharmacy: { npi: string; name: string };
  price: number;
}

/** One form (brand or generic) of a drug, priced: retail and every pharmacy's coupon price, cheapest first. */
export interface PricedOffer {
  description: string;
  ndc: string;
  unit: string;
  quantity: number;
  priceDate: string;
  retailPrice: number;
  prices: PharmacyPrice[];
}

/** A drug (one strength and form) with its generic and brand offers. */
export interface PricedDrug {
  name: string;
  brandName: string | null;
  strength: string;
  generic: PricedOffer | null;
  brand: PricedOffer | null;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** FNV-1a: a stable number from text (the same drug costs the same at a pharmacy on every run). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** "LIPITOR 10 MG TABLET" -> "Lipitor": the name before the strength, in title case. */
export function drugNameOf(description: string): string {
  const at = description.search(/\s\d|^\d/);
  const name = (at < 0 ? description : description.slice(0, at)).trim() || description;
  return name.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

/** "LIPITOR 10 MG TABLET" -> "10 MG TABLET". */
export function strengthOf(description: string): string {
  const at = description.search(/\s\d|^\d/);
  return at < 0 ? '' : description.slice(at).trim();
}

/** A fill's price at one pharmacy, and retail: NADAC per unit x 30 units, marked up, plus a dispensing fee. */
export function priceOffer(rate: NadacRate, pharmacies: readonly Pharmacy[] = PHARMACIES): PricedOffer {
  const cost = rate.perUnit * FILL_QUANTITY;
  const ndc = rate.ndcs[0]!;
  const prices = pharmacies
    .map((p) => {
      const markup = (rate.brand ? p.brandMarkup : p.genericMarkup) + ((hash(`${ndc}:${p.npi}`) % 1000) / 1000) * VARIATION;
      return { pharmacy: { npi: p.npi, name: p.name }, price: round2(cost * markup + p.fee) };
    })
    .sort((a, b) => a.price - b.price || a.pharmacy.name.localeCompare(b.pharmacy.name));
  const retailPrice = round2(cost * (rate.brand ? RETAIL.brandMarkup : RETAIL.genericMarkup) + RETAIL.fee);
  return {
    description: rate.description,
    ndc,
    unit: rate.unit,
    quantity: FILL_QUANTITY,
    priceDate: rate.effectiveDate,
    retailPrice,
    prices,
  };
}

/** The cheaper of two rates of one description (a pharmacy dispenses the cheapest NDC); the newer on a tie. */
const better = (a: NadacRate, b: NadacRate): NadacRate =>
  a.perUnit !== b.perUnit ? (a.perUnit < b.perUnit ? a : b) : a.effectiveDate >= b.effectiveDate ? a : b;

/** The coupon service's price list: NADAC rates by description and by NDC, searched by name. */
export class PriceList {
  private readonly byDescription = new Map<string, NadacRate>();
  private readonly byNdc = new Map<string, NadacRate>();
  /** Generic description -> brand rates that name it as their generic. */
  private readonly brandsOf = new Map<string, NadacRate[]>();

  constructor(
    rates: readonly NadacRate[],
    /** YYYY-MM-DD of the NADAC file the list comes from. */
    readonly asOf: string,
  ) {
    for (const rate of rates) {
      const known = this.byDescription.get(rate.description);
      this.byDescription.set(rate.description, known ? better(known, rate) : rate);
      for (const ndc of rate.ndcs) this.byNdc.set(ndc, rate);
    }
    for (const rate of this.byDescription.values()) {
      if (!rate.brand || !rate.genericDescription || !this.byDescription.has(rate.genericDescription)) continue;
      const list = this.brandsOf.get(rate.genericDescription) ?? [];
      list.push(rate);
      this.brandsOf.set(rate.genericDescription, list);
    }
    // The brand most dispensed (most NDCs) first, then by name.
    for (const list of this.brandsOf.values())
      list.sort((a, b) => b.ndcs.length - a.ndcs.length || a.description.localeCompare(b.description));
  }

  static load(dir = COUPON_DATA_DIR): PriceList {
    const text = gunzipSync(readFileSync(join(dir, 'coupon-prices.csv.gz'))).toString('utf8');
    const asOf = /^# NADAC as of (\d{4}-\d{2}-\d{2})\n/.exec(text)?.[1];
    if (!asOf) throw new Error('coupon-prices.csv.gz: the first line must be "# NADAC as of YYYY-MM-DD"');
    const rows = parseCsv(text.slice(text.indexOf('\n') + 1));
    return new PriceList(
      rows.map((r) => ({
        description: r.description!,
        ndcs: r.ndc11s!.split(' '),
        perUnit: Number(r.nadac_per_unit),
        unit: r.pricing_unit as NadacRate['unit'],
        brand: r.classification !== 'G',
        effectiveDate: r.effective_date!,
        genericDescription: r.generic_description || null,
      })),
      asOf,
    );
  }

  rateOfNdc(ndc11: string): NadacRate | undefined {
    return this.byNdc.get(ndc11);
  }

  /** The drug an NDC belongs to, with both its forms priced (the NDC's own form at that NDC). */
  drugOfNdc(ndc11: string): PricedDrug | null {
    const rate = this.byNdc.get(ndc11);
    if (!rate) return null;
    const drug = this.drugOf(rate);
    const own = { ...priceOffer({ ...rate, ndcs: [ndc11] }) };
    return rate.brand ? { ...drug, brand: own } : { ...drug, generic: own };
  }

  /**
   * Drugs whose description (generic or brand) contains every word of `query`, case-insensitive: those starting with
   * it first, then those with a word starting with it, then any other; by name and strength within each. A brand
   * match brings its generic and a generic match its brand, once per drug.
   */
  search(query: string, limit = 20): PricedDrug[] {
    const q = query.trim().toUpperCase().replace(/\s+/g, ' ');
    if (!q) return [];
    const words = q.split(' ');
    const rank = (d: string) => (d.startsWith(q) ? 0 : new RegExp(`(^|[\\s\\-/])${escapeRegExp(q)}`).test(d) ? 1 : 2);
    const matches = [...this.byDescription.values()]
      .filter((rate) => words.every((w) => rate.description.includes(w)))
      .map((rate) => ({ rate, rank: rank(rate.description) }))
      .sort((a, b) => a.rank - b.rank || compareDescriptions(a.rate.description, b.rate.description));
    const seen = new Set<string>();
    const drugs: PricedDrug[] = [];
    for (const { rate } of matches) {
      const drug = this.drugOf(rate);
      const key = drug.generic?.description ?? drug.brand!.description;
      if (seen.has(key)) continue;
      seen.add(key);
      drugs.push(drug);
      if (drugs.length >= limit) break;
    }
    return drugs;
  }

  private drugOf(rate: NadacRate): PricedDrug {
    const generic = rate.brand ? (rate.genericDescription ? (this.byDescription.get(rate.genericDescription) ?? null) : null) : rate;
    const brand = rate.brand ? rate : (this.brandsOf.get(rate.description)?.[0] ?? null);
    const named = generic ?? brand!;
    return {
      name: drugNameOf(named.description),
      brandName: brand ? drugNameOf(brand.description) : null,
      strength: strengthOf(named.description),
      generic: generic ? priceOffer(generic) : null,
      brand: brand ? priceOffer(brand) : null,
    };
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** By name, then by strength as a number ("5 MG" before "10 MG"), then as text. */
function compareDescriptions(a: string, b: string): number {
  const byName = drugNameOf(a).localeCompare(drugNameOf(b));
  if (byName) return byName;
  const n = (d: string) => Number(/\d+(\.\d+)?/.exec(strengthOf(d))?.[0] ?? Infinity);
  return n(a) - n(b) || a.localeCompare(b);
}

/** The Luhn check digit of an NPI's first nine digits (with the 80840 prefix, as CMS specifies). */
export function npiCheckDigit(first9: string): number {
  const digits = `80840${first9}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i]!;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
