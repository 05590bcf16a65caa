import type { FillPrice } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MedicationListService, type MedicationListEntry, type MedicationSourceKind } from '../health-data';
import { PricesService, type DrugPrices, type PriceRequest } from './prices/prices.service';

export type DrugKind = 'brand' | 'generic' | 'unknown';

/** One of the member's drugs over a period, as the plans' ranking reads it (the plans module's DrugUse). */
export interface MemberDrugUse {
  name: string;
  rxcui: string | null;
  kind: DrugKind;
  /** Fills in the period (at least 1). */
  fills: number;
  /** Days supplied over the period; null when no fill says. */
  daysSupplied: number | null;
  /** Dollars for a 30-day supply in full: the fills' own cost, else NADAC; null when unpriced. */
  monthlyCost: number | null;
  priceSource: 'claims' | 'nadac' | null;
  /** YYYY-MM-DD of the NADAC rate used; null for claims. */
  priceAsOf: string | null;
}

/** A row of the member's `prescriptions`, as the drug uses read it. */
export interface DrugUseRow {
  id: string;
  sourceKind: MedicationSourceKind;
  /** YYYY-MM-DD */
  date: string | null;
  /** The fill's full cost (dollars), as its claim gives it. */
  totalPrice: number | null;
  daysSupply: number | null;
  drugNdc: string | null;
}

/** What the reference tables say of brand or generic: by RxCUI (RxNorm) and by 11-digit NDC (NADAC's classification). */
export interface DrugKindFacts {
  rxnorm: ReadonlyMap<string, DrugKind>;
  nadac: ReadonlyMap<string, 'brand' | 'generic'>;
}

export interface DrugUseWindow {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** One drug's use over the period before pricing: its fills, and what NADAC would price when its fills do not. */
export interface DrugUsePlan {
  entry: MedicationListEntry;
  kind: DrugKind;
  fills: number;
  daysSupplied: number | null;
  /** The drug is on the list with no fill in the period: 12 monthly fills were assumed. */
  assumed: boolean;
  /** From the fills' own total cost; null when they do not give it (NADAC then). */
  claimsMonthlyCost: number | null;
  /** The NADAC price to ask for, and the days the priced fill lasts. */
  price: PriceRequest & { days: number };
}

const DAYS_PER_MONTH = 30;
/** A drug on the list without a fill in the period is costed as taken all year: a fill a month. */
const ASSUMED_FILLS = 12;
const FILL_KINDS = new Set<MedicationSourceKind>(['claim', 'medication_dispense']);
const cents = (dollars: number): number => Math.round(dollars * 100) / 100;
const inWindow = (date: string | null, window: DrugUseWindow): date is string => date !== null && date >= window.from && date <= window.to;

/**
 * The fills of a drug in the period, one per day: the same fill may reach us twice (a claim and a dispense, or two
 * linked insurers), and no pharmacy fills the same drug twice a day. The claim, which carries the money, is kept.
 */
function fillsOf(rows: readonly DrugUseRow[], window: DrugUseWindow): DrugUseRow[] {
  const byDate = new Map<string, DrugUseRow>();
  for (const row of rows) {
    if (!FILL_KINDS.has(row.sourceKind) || !inWindow(row.date, window)) continue;
    const kept = byDate.get(row.date);
    const better =
      !kept || (kept.sourceKind !== 'claim' && row.sourceKind === 'claim') || (kept.totalPrice === null && row.totalPrice !== null);
    if (better) byDate.set(row.date, row);
  }
  return [...byDate.values()];
}

/** Days over the fills: those that say, and for each that does not, the mean of those that do; null when none says. */
function daysOf(fills: readonly DrugUseRow[]): number | null {
  const known = fills.flatMap((fill) => (fill.daysSupply !== null && fill.daysSupply > 0 ? [fill.daysSupply] : []));
  if (!known.length) return null;
  const sum = known.reduce((a, b) => a + b, 0);
  return Math.round(sum + (fills.length - known.length) * (sum / known.length));
}

/** The fills' own cost of 30 days: their total price over their days, from the fills that give both. */
function claimsMonthlyCostOf(fills: readonly DrugUseRow[]): number | null {
  const priced = fills.filter((fill) => fill.totalPrice !== null && fill.totalPrice > 0 && fill.daysSupply !== null && fill.daysSupply > 0);
  if (!priced.length) return null;
  const total = priced.reduce((sum, fill) => sum + fill.totalPrice!, 0);
  const days = priced.reduce((sum, fill) => sum + fill.daysSupply!, 0);
  return cents((total / days) * DAYS_PER_MONTH);
}

/** The entry's NDC to price and classify by: its latest row's, when it is one of the entry's known NDCs. */
function ndcOf(entry: MedicationListEntry, rows: readonly DrugUseRow[]): string | null {
  const latest = [...rows]
    .filter((row) => row.drugNdc)
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
    .map((row) => row.drugNdc!)
    .find((ndc) => entry.ndc11s.includes(ndc));
  return latest ?? entry.ndc11s[0] ?? null;
}

/** Brand or generic: RxNorm's word for the entry's drug, else NADAC's for its NDC, else for all its NDCs if they agree. */
function kindOf(entry: MedicationListEntry, ndc11: string | null, facts: DrugKindFacts): DrugKind {
  const rxnorm = entry.rxcui ? facts.rxnorm.get(entry.rxcui) : undefined;
  if (rxnorm && rxnorm !== 'unknown') return rxnorm;
  const own = ndc11 ? facts.nadac.get(ndc11) : undefined;
  if (own) return own;
  const classes = new Set(entry.ndc11s.flatMap((ndc) => facts.nadac.get(ndc) ?? []));
  return classes.size === 1 ? [...classes][0]! : 'unknown';
}

/**
 * A drug's use in the period: its fills dated in it; or, with none, 12 monthly fills when the member still takes it (a
 * MedicationRequest written in the period, or an entry of their own made by its end); else null (not taken then).
 */
export function planDrugUse(
  entry: MedicationListEntry,
  rows: readonly DrugUseRow[],
  facts: DrugKindFacts,
  window: DrugUseWindow,
): DrugUsePlan | null {
  const fills = fillsOf(rows, window);
  const current = rows.some(
    (row) =>
      (row.sourceKind === 'medication_request' && inWindow(row.date, window)) ||
      (row.sourceKind === 'manual' && (row.date === null || row.date <= window.to)),
  );
  if (!fills.length && !current) return null;
  const ndc11 = ndcOf(entry, rows);
  const quantity = entry.latestQuantity === null ? null : Number(entry.latestQuantity);
  const knownQuantity = quantity !== null && Number.isFinite(quantity) && quantity > 0 ? quantity : null;
  // NADAC prices the latest fill's quantity, which lasts that fill's days; without a quantity it prices 30 units, a
  // 30-day supply (PricesService), and a quantity without days is taken as a month's fill.
  const days = knownQuantity !== null && entry.latestDaysSupply ? entry.latestDaysSupply : DAYS_PER_MONTH;
  return {
    entry,
    kind: kindOf(entry, ndc11, facts),
    fills: fills.length || ASSUMED_FILLS,
    daysSupplied: fills.length ? daysOf(fills) : ASSUMED_FILLS * DAYS_PER_MONTH,
    assumed: !fills.length,
    claimsMonthlyCost: claimsMonthlyCostOf(fills),
    price: { ndc11, rxcui: entry.rxcui, quantity: knownQuantity, days },
  };
}

/** The NADAC price of the drug's kind (a drug of unknown kind: the generic's, what a pharmacy dispenses most), per 30 days. */
export function nadacMonthlyCost(prices: DrugPrices, kind: DrugKind, days: number): { monthlyCost: number; priceAsOf: string } | null {
  const price: FillPrice | null = kind === 'brand' ? prices.brand : kind === 'generic' ? prices.generic : (prices.generic ?? prices.brand);
  if (!price) return null;
  return { monthlyCost: cents((Number(price.price) / days) * DAYS_PER_MONTH), priceAsOf: price.priceDate };
}

/** The plan's drug use, priced: the fills' own cost first, NADAC's (given for the plans that need it) else. */
export function drugUseOf(plan: DrugUsePlan, prices: DrugPrices | null): MemberDrugUse {
  const base = {
    name: plan.entry.displayName,
    rxcui: plan.entry.rxcui,
    kind: plan.kind,
    fills: plan.fills,
    daysSupplied: plan.daysSupplied,
  };
  if (plan.claimsMonthlyCost !== null) return { ...base, monthlyCost: plan.claimsMonthlyCost, priceSource: 'claims', priceAsOf: null };
  const nadac = prices ? nadacMonthlyCost(prices, plan.kind, plan.price.days) : null;
  return nadac
    ? { ...base, monthlyCost: nadac.monthlyCost, priceSource: 'nadac', priceAsOf: nadac.priceAsOf }
    : { ...base, monthlyCost: null, priceSource: null, priceAsOf: null };
}

// The entries' rows (by id, the member's only), RxNorm's word on brand or generic for their RxCUIs, and NADAC's
// classification of their NDCs (the weekly file's over the history's), in one statement.
const DRUG_USE_FACTS = `
  SELECT
    (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'sourceKind', p.source_kind,
        'date', to_char(p.date_prescribed, 'YYYY-MM-DD'), 'totalPrice', p.total_price, 'daysSupply', p.days_supply,
        'drugNdc', p.drug_ndc)), '[]'::json)
       FROM prescriptions p WHERE p.user_id = $1 AND p.id = ANY($2::uuid[])) AS rows,
    (SELECT COALESCE(json_agg(json_build_object('rxcui', x.rxcui,
        'kind', CASE
          WHEN d.brand_name IS NOT NULL OR d.generic_rxcui IS NOT NULL OR c.tty IN ('SBD', 'BPCK') THEN 'brand'
          WHEN c.tty IN ('SCD', 'GPCK') OR d.rxcui IS NOT NULL THEN 'generic'
          ELSE 'unknown' END)), '[]'::json)
       FROM unnest($3::text[]) AS x(rxcui)
       LEFT JOIN rxnorm_drugs d ON d.rxcui = x.rxcui
       LEFT JOIN rxnorm_concepts c ON c.rxcui = x.rxcui) AS rxnorm,
    (SELECT COALESCE(json_object_agg(w.ndc11, w.classification), '{}'::json)
       FROM (SELECT DISTINCT ON (n.ndc11) n.ndc11, n.classification
             FROM nadac_prices n WHERE n.ndc11 = ANY($4::text[]) AND n.classification IN ('brand', 'generic')
             ORDER BY n.ndc11, n.source = 'nadac-weekly' DESC) w) AS nadac`;

interface DrugUseFactsRecord {
  rows: (Omit<DrugUseRow, 'totalPrice'> & { totalPrice: number | string | null })[];
  rxnorm: { rxcui: string; kind: DrugKind }[];
  nadac: Record<string, 'brand' | 'generic'>;
}

/**
 * The member's drugs over a period, for the plans' ranking: one per drug of their medication list that they took
 * then, with its fills, days supplied, brand or generic, and what 30 days of it cost. Three statements for the whole
 * list (the list's two, this module's one) and one more to price those whose fills give no cost.
 */
@Injectable()
export class MemberDrugUsesReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly medicationList: MedicationListService,
    private readonly prices: PricesService,
  ) {}

  /** `from` and `to`: YYYY-MM-DD, inclusive. In the list's order (the most recently dated first). */
  async drugUses(userId: string, from: string, to: string): Promise<MemberDrugUse[]> {
    const entries = await this.medicationList.medicationList(userId);
    if (!entries.length) return [];
    const [facts]: DrugUseFactsRecord[] = await this.dataSource.query(DRUG_USE_FACTS, [
      userId,
      entries.flatMap((entry) => entry.prescriptionIds),
      [...new Set(entries.flatMap((entry) => (entry.rxcui ? [entry.rxcui] : [])))],
      [...new Set(entries.flatMap((entry) => entry.ndc11s))],
    ]);
    const rows = new Map(
      facts!.rows.map((row) => [row.id, { ...row, totalPrice: row.totalPrice === null ? null : Number(row.totalPrice) } as DrugUseRow]),
    );
    const kinds: DrugKindFacts = {
      rxnorm: new Map(facts!.rxnorm.map((fact) => [fact.rxcui, fact.kind])),
      nadac: new Map(Object.entries(facts!.nadac)),
    };
    const plans = entries.flatMap((entry) => {
      const plan = planDrugUse(
        entry,
        entry.prescriptionIds.flatMap((id) => rows.get(id) ?? []),
        kinds,
        { from, to },
      );
      return plan ? [plan] : [];
    });
    const unpriced = plans.filter((plan) => plan.claimsMonthlyCost === null);
    const priced = unpriced.length
      ? await this.prices.priceDrugs(unpriced.map(({ price }) => ({ ndc11: price.ndc11, rxcui: price.rxcui, quantity: price.quantity })))
      : [];
    const nadac = new Map(unpriced.map((plan, i) => [plan, priced[i] ?? null]));
    return plans.map((plan) => drugUseOf(plan, nadac.get(plan) ?? null));
  }
}
