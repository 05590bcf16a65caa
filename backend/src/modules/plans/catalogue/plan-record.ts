import type { CataloguePlan, CataloguePlanBenefits, DrugTier, PlanCategory, PlanStars, ServiceCategory, ServiceCost } from '../plan-types';
import { dollarsOf, parseServiceCost } from './cost-text';
import { starsOf, type ContractStars, type PageRow, type PageTable, type PlanDetailsRecord } from './catalogue-files';

/**
 * Each service category read from the Plan Finder row of that name (the page appends a description to some labels,
 * "Diagnostic tests & procedures Tests done to ...", so a label matches by its start). `other` has no row.
 */
export const SERVICE_ROWS: readonly { category: Exclude<ServiceCategory, 'other'>; section: string; label: string }[] = [
  { category: 'primaryCare', section: 'benefits', label: 'Primary doctor visit' },
  { category: 'specialist', section: 'benefits', label: 'Specialist visit' },
  { category: 'preventive', section: 'benefits', label: 'Preventive services' },
  { category: 'emergency', section: 'benefits', label: 'Emergency care' },
  { category: 'urgentCare', section: 'benefits', label: 'Urgent care' },
  { category: 'inpatient', section: 'benefits', label: 'Inpatient hospital coverage' },
  { category: 'skilledNursing', section: 'benefits', label: 'Skilled nursing facility' },
  { category: 'outpatientHospital', section: 'benefits', label: 'Outpatient hospital coverage' },
  { category: 'ambulance', section: 'benefits', label: 'Ground ambulance' },
  { category: 'labs', section: 'benefits', label: 'Lab services' },
  { category: 'diagnosticTests', section: 'benefits', label: 'Diagnostic tests & procedures' },
  { category: 'diagnosticRadiology', section: 'benefits', label: 'Diagnostic radiology services' },
  { category: 'outpatientXray', section: 'benefits', label: 'Outpatient x-rays' },
  { category: 'physicalTherapy', section: 'benefits', label: 'Physical therapy' },
  { category: 'occupationalTherapy', section: 'benefits', label: 'Occupational therapy visit' },
  { category: 'mentalHealth', section: 'benefits', label: 'Outpatient individual therapy visit' },
  { category: 'durableEquipment', section: 'benefits', label: 'Durable medical equipment' },
  { category: 'partBDrugs', section: 'drug-coverage', label: 'Other Part B drugs' },
  { category: 'dialysis', section: 'benefits', label: 'Dialysis' },
  { category: 'telehealth', section: 'extra-benefits', label: 'Telehealth' },
];

const CATEGORIES: readonly PlanCategory[] = ['MA-PD', 'MA', 'PDP', 'SNP', 'Cost'];

/** What the Landscape lists say of the plan: its category and plan type. */
export interface PlanListingFacts {
  category: string;
  planType: string;
}

/** The words of column 4 (network) by plan type, "HMO D-SNP" read as "HMO". */
export function networkOf(planType: string, category: string): string {
  const type = planType.toUpperCase();
  if (category === 'PDP' || type === 'PDP') return 'Pharmacy network';
  if (type.startsWith('HMO-POS')) return 'In-network, some services out of network (POS)';
  if (type.startsWith('HMO')) return 'In-network only';
  if (type.includes('PPO')) return 'In and out of network';
  if (type.startsWith('PFFS')) return 'Any provider who accepts the plan';
  if (type.startsWith('MSA')) return 'Any Medicare provider';
  if (category === 'Cost' || type.includes('COST')) return 'In-network, or Original Medicare out of network';
  return 'See the plan for its network';
}

const table = (record: PlanDetailsRecord, section: string, name: string): PageTable | undefined =>
  record.tables.find((t) => t.section === section && t.table === name);

const rowOf = (record: PlanDetailsRecord, section: string, label: string): PageRow | undefined => {
  for (const t of record.tables) {
    if (t.section !== section) continue;
    const row = t.rows.find((r) => r.item === label || r.item.startsWith(`${label} `) || r.item.startsWith(`${label}(`));
    if (row) return row;
  }
  return undefined;
};

const overviewCell = (record: PlanDetailsRecord, tableName: string, item: string): string | null =>
  table(record, 'overview', tableName)?.rows.find((r) => r.item === item || r.item.startsWith(item))?.values[0] ?? null;

const money = (text: string | null): number | null => {
  const values = text === null ? [] : dollarsOf(text);
  return values.length ? values[0]! : null;
};

/**
 * The yearly health deductible: "$0", "$4,000Annual deductible", "$500In-network", "$0 or $257per year for in-network
 * services" (alternatives: the highest, which a member without Medicaid pays). A deductible the page says applies
 * out of network only is not an in-network deductible: 0. null when the page gives none (a PDP).
 */
export function healthDeductibleOf(text: string | null): number | null {
  if (text === null) return null;
  const values = dollarsOf(text);
  if (!values.length) return null;
  if (/out-of-network/i.test(text) && !/in-network|in and out/i.test(text)) return 0;
  return Math.max(...values);
}

/**
 * MOOP: "$9,500 In and Out-of-network | $5,900 In-network", "$5,900 In-network | $10,100 Out-of-network", "$7,500 In
 * and Out-of-network", "$3,400", "Not Applicable". The in-network limit is the combined one when only that is given
 * (in-network spending counts toward it).
 */
export function moopOf(text: string | null): { inNetwork: number | null; combined: number | null } {
  if (text === null) return { inNetwork: null, combined: null };
  let inNetwork: number | null = null;
  let combined: number | null = null;
  for (const part of text.split('|')) {
    const amount = money(part);
    if (amount === null) continue;
    if (/in and out-of-network/i.test(part)) combined = amount;
    else if (/out-of-network/i.test(part)) continue;
    else inNetwork = amount;
  }
  return { inNetwork: inNetwork ?? combined, combined };
}

/** Monthly premiums. A PDP page gives only the total (all of it Part D); an MA-only page no drug premium (0). */
export function premiumsOf(record: PlanDetailsRecord): CataloguePlan['premiums'] {
  const total = money(overviewCell(record, 'Premiums', 'Total monthly premium')) ?? 0;
  const partC = money(overviewCell(record, 'Premiums', 'Health premium'));
  const partD = money(overviewCell(record, 'Premiums', 'Drug premium'));
  const reduction = overviewCell(record, 'Premiums', 'Part B premium reduction');
  const round = (value: number): number => Math.round(value * 100) / 100;
  return {
    total,
    partC: partC ?? 0,
    partD: partD ?? round(Math.max(0, total - (partC ?? 0))),
    // "-$1.00 reduction" is $1.00 off the member's Part B premium each month; "Not offered" none.
    partBReduction: reduction === null ? 0 : (money(reduction) ?? 0),
  };
}

/** Plan Finder's stars, the contract's 2026 ratings filling what the page lacks (a drug rating only with drug coverage). */
export function starsFor(
  record: PlanDetailsRecord,
  contract: ContractStars | undefined,
  hasDrugCoverage: boolean,
  isPdp: boolean,
): PlanStars {
  const page = new Map(record.star_ratings.map(([heading, value]) => [heading.toLowerCase(), starsOf(value)]));
  const pick = (word: string): number | null => {
    for (const [heading, value] of page) if (heading.includes(word)) return value;
    return null;
  };
  return {
    overall: pick('overall') ?? contract?.overall ?? null,
    healthPlan: pick('health plan') ?? (isPdp ? null : (contract?.healthPlan ?? null)),
    drugPlan: pick('drug plan') ?? (hasDrugCoverage ? (contract?.drugPlan ?? null) : null),
  };
}

function drugTiersOf(record: PlanDetailsRecord): { basis: string | null; tiers: DrugTier[] } {
  const tiers = record.tables.find((t) => t.section === 'drug-coverage' && t.table.startsWith('Costs by drug tier'));
  if (!tiers) return { basis: null, tiers: [] };
  const initialAt = Math.max(0, tiers.header.findIndex((h) => /initial/i.test(h)) - 1);
  return {
    basis: tiers.table.replace(/^Costs by drug tier\s*-\s*/, '') || null,
    // The page lists the tiers in order: the first row is tier 1.
    tiers: tiers.rows.map((row, i) => ({
      tier: i + 1,
      name: row.item,
      initial: parseServiceCost(row.values[initialAt] ?? '', row.flags ?? []),
    })),
  };
}

const category = (value: string): PlanCategory => {
  if (!(CATEGORIES as readonly string[]).includes(value)) throw new Error(`unknown plan category "${value}"`);
  return value as PlanCategory;
};

export const bidIdOf = (record: Pick<PlanDetailsRecord, 'contract_id' | 'plan_id' | 'segment_id'>): string =>
  `${record.contract_id}_${record.plan_id}_${record.segment_id}`;

/** One Plan Finder page and its Landscape listing into the catalogue's plan. */
export function toCataloguePlan(record: PlanDetailsRecord, listing: PlanListingFacts, contract?: ContractStars): CataloguePlan {
  const planCategory = category(listing.category);
  const services: Partial<Record<ServiceCategory, ServiceCost>> = {};
  for (const { category: service, section, label } of SERVICE_ROWS) {
    const row = rowOf(record, section, label);
    if (row) services[service] = parseServiceCost(row.values[0] ?? '', row.flags ?? []);
  }
  const drugs = drugTiersOf(record);
  const hasDrugCoverage = drugs.tiers.length > 0 || overviewCell(record, 'Deductibles', 'Drug deductible') !== null;
  const isPdp = planCategory === 'PDP';
  const moopText = overviewCell(record, 'Maximum you pay for health services', 'Maximum you pay for health services');
  const moop = moopOf(moopText);
  return {
    bidId: bidIdOf(record),
    contractId: record.contract_id,
    planId: record.plan_id,
    segmentId: record.segment_id,
    name: record.plan_name,
    carrier: record.organization_marketing_name,
    parentOrganization: record.parent_organization || null,
    planTypeLabel: record.plan_type_label,
    planType: listing.planType,
    category: planCategory,
    specialNeeds: planCategory === 'SNP' || /SNP/i.test(listing.planType),
    network: networkOf(listing.planType, planCategory),
    hasDrugCoverage,
    premiums: premiumsOf(record),
    healthDeductible: healthDeductibleOf(overviewCell(record, 'Deductibles', 'Health deductible')),
    drugDeductible: money(overviewCell(record, 'Deductibles', 'Drug deductible')),
    moopInNetwork: moop.inNetwork,
    moopCombined: moop.combined,
    moopText,
    services,
    drugTierBasis: drugs.basis,
    drugTiers: drugs.tiers,
    // Only a Medical Savings Account plan deposits (the page's "Yearly deposit from the plan": one plan in 2026).
    msaDeposit: money(overviewCell(record, 'Deductibles', 'Yearly deposit from the plan')) ?? 0,
    stars: starsFor(record, contract, hasDrugCoverage, isPdp),
    sourceUrl: record.source_url || null,
  };
}

const BENEFIT_SECTIONS = ['benefits', 'drug-coverage', 'extra-benefits', 'optional-packages'];
const RIDESHARE = 'Transportation services for non-emergency care: ';
const covered = (value: string): boolean => value.trim() !== '' && !/^not covered$/i.test(value.trim());

/** The value of a row: one cell as is; several (drug tiers by phase) each named by its column. */
const valueOf = (t: PageTable, row: PageRow): string =>
  row.values.length === 1
    ? row.values[0]!
    : row.values.map((value, i) => (t.header[i + 1] ? `${t.header[i + 1]}: ${value}` : value)).join(' | ');

/** The page's benefit tables for /api/planBenefits: the covered extras, transportation, and every table by section. */
export function toCataloguePlanBenefits(record: PlanDetailsRecord): CataloguePlanBenefits {
  const sections = record.tables
    .filter((t) => BENEFIT_SECTIONS.includes(t.section))
    .map((t) => ({
      section: t.section,
      table: t.table,
      items: t.rows.map((row) => ({ name: row.item, value: valueOf(t, row), flags: [...(row.flags ?? [])] })),
    }));
  const enhanced = new Map<string, { name: string; value: string; flags: string[] }>();
  for (const section of sections) {
    if (section.section !== 'extra-benefits') continue;
    // The same benefit may be listed under "More benefits" and "Special benefits": once.
    for (const item of section.items) if (covered(item.value)) enhanced.set(`${item.name}\u0000${item.value}`, item);
  }
  const rides = [...enhanced.values()]
    .filter((item) => item.name.startsWith(RIDESHARE))
    .map((item) => `${item.name.slice(RIDESHARE.length)}: ${item.value}`);
  return {
    bidId: bidIdOf(record),
    enhanced: [...enhanced.values()],
    rideshare: rides.length ? [...new Set(rides)].join(' | ') : null,
    sections,
  };
}
