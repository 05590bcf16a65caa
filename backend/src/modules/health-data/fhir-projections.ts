/**
 * Projections of FHIR R4 payer resources (CARIN Blue Button, CMS Blue Button 2.0) into the rows the screens
 * read. Everything is found by code system and code, never by position in an array.
 */

import type { HealthServiceDiagnosis, HealthServiceProcedure } from '@healthlink/contracts';
import type {
  CodeableConcept,
  Coding,
  Condition,
  Coverage,
  ExplanationOfBenefit,
  ExplanationOfBenefitItem,
  ExplanationOfBenefitItemAdjudication,
  Medication,
  MedicationDispense,
  MedicationRequest,
  Money,
  Patient,
  Quantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes';

/** A resource as an insurer sent it: any object, whatever its type; the projections narrow it by resourceType. */
export type FhirInput = Record<string, unknown>;

/**
 * A resource read through its R4 type but trusted in no field: any may be missing (and is checked where it is read,
 * since an insurer may send a value of another type).
 */
type Received<T> = T extends readonly (infer U)[] ? Received<U>[] : T extends object ? { [K in keyof T]?: Received<T[K]> } : T;

function received<T extends Resource>(resource: FhirInput, resourceType: T['resourceType']): Received<T> | null {
  return resource.resourceType === resourceType ? (resource as Received<T>) : null;
}

export const SYSTEMS = {
  ndc: ['http://hl7.org/fhir/sid/ndc'],
  icd10: ['http://hl7.org/fhir/sid/icd-10-cm', 'http://hl7.org/fhir/sid/icd-10', 'http://hl7.org/fhir/sid/icd-9-cm'],
  procedure: [
    'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
    'http://www.ama-assn.org/go/cpt',
    'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
    'http://www.cms.gov/Medicare/Coding/ICD10',
    'http://hl7.org/fhir/sid/icd-10-pcs',
    'http://snomed.info/sct',
  ],
  rxnorm: ['http://www.nlm.nih.gov/research/umls/rxnorm'],
} as const;

const PHARMACY_TYPES = new Set(['pharmacy', 'PDE', 'rx']);

type Eob = Received<ExplanationOfBenefit>;
type Concept = Received<CodeableConcept> | undefined;
/** An item's adjudication or a claim's total: both a category and an amount. */
type Adjudication = Received<Pick<ExplanationOfBenefitItemAdjudication, 'category' | 'amount'>>;

const asArray = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function codingIn(concept: Concept, systems: readonly string[]): Received<Coding> | null {
  return asArray(concept?.coding).find((c) => c.system && systems.includes(c.system) && c.code) ?? null;
}

/** A concept's codes, lowercase, with the last path segment of each URL-shaped system (a role, a coverage class). */
function categoryCodes(category: Concept): string[] {
  return asArray(category?.coding).flatMap((c) =>
    [c.code, c.system?.split('/').pop()].filter((v): v is string => !!v).map((v) => v.toLowerCase()),
  );
}

const money = (value: Received<Money> | undefined): number | null => {
  const amount = value?.value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
};
/** Money leaves the database as a string with two decimals (the spec's shape). */
export const moneyString = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

const dateOnly = (value: unknown): string | null => {
  const text = str(value);
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
};

// ---- Money --------------------------------------------------------------------------------------------------
// CARIN Blue Button totals and adjudications carry overlapping categories (`payment` is the same money as
// `paidtoprovider` + `paidtopatient`; `paidbypatient` already includes the deductible, copay and coinsurance), so
// each amount is first given one meaning, then one figure is taken per meaning, by precedence, never a sum of all.

/** What an amount is, whichever code system named it. */
type Meaning =
  | 'payment'
  | 'paidtoprovider'
  | 'paidtopatient'
  | 'benefit'
  | 'paidbypatient'
  | 'paidbypatientcash'
  | 'paidbypatientother'
  | 'memberliability'
  | 'deductible'
  | 'copay'
  | 'coinsurance'
  // An institutional line's reduced coinsurance replaces its (wage-adjusted) coinsurance when the provider gives one.
  | 'reducedcoinsurance'
  | 'submitted'
  | 'drugcost'
  // A line's allowed amount as the insurer states it (Blue Button's carrier and DME lines): read for care lines only.
  | 'allowed';
type Figures = Partial<Record<Meaning, number>>;

const ADJUDICATION_SYSTEMS = new Set([
  'http://terminology.hl7.org/CodeSystem/adjudication',
  'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication',
]);
/** HL7 adjudication and C4BBAdjudication codes (`coins` and `submittedamount` as early CARIN examples spell them). */
const ADJUDICATION_CODES = new Map<string, Meaning>([
  ['payment', 'payment'],
  ['paidtoprovider', 'paidtoprovider'],
  ['paidtopatient', 'paidtopatient'],
  ['benefit', 'benefit'],
  ['paidbypatient', 'paidbypatient'],
  ['paidbypatientcash', 'paidbypatientcash'],
  ['paidbypatientother', 'paidbypatientother'],
  ['memberliability', 'memberliability'],
  ['deductible', 'deductible'],
  ['copay', 'copay'],
  ['coinsurance', 'coinsurance'],
  ['coins', 'coinsurance'],
  ['submitted', 'submitted'],
  ['submittedamount', 'submitted'],
  ['drugcost', 'drugcost'],
]);

/**
 * Blue Button 2.0's own variables (https://bluebutton.cms.gov/resources/variables/<name>), which say exactly what
 * an amount is where its C4BB coding is loose: the Part D gross drug cost below and above the out-of-pocket
 * threshold is coded `coinsurance` and is not; the revenue-centre payment is coded `submitted` and is Medicare's
 * payment. null: known, and none of the figures kept. A variable not listed here falls back to its C4BB coding.
 */
const CMS_VARIABLES = new Map<string, Meaning | null>([
  // Carrier and DME lines
  ['line_nch_pmt_amt', 'benefit'],
  ['line_prvdr_pmt_amt', 'paidtoprovider'],
  ['line_bene_pmt_amt', 'paidtopatient'],
  ['line_bene_ptb_ddctbl_amt', 'deductible'],
  ['line_coinsrnc_amt', 'coinsurance'],
  ['line_sbmtd_chrg_amt', 'submitted'],
  ['line_alowd_chrg_amt', 'allowed'],
  ['line_bene_prmry_pyr_pd_amt', null],
  // Institutional revenue-centre lines
  ['rev_cntr_pmt_amt_amt', 'benefit'],
  ['rev_cntr_prvdr_pmt_amt', 'paidtoprovider'],
  ['rev_cntr_bene_pmt_amt', 'paidtopatient'],
  ['rev_cntr_ptnt_rspnsblty_pmt', 'paidbypatient'],
  ['rev_cntr_cash_ddctbl_amt', 'deductible'],
  ['rev_cntr_blood_ddctbl_amt', 'deductible'],
  ['rev_cntr_coinsrnc_wge_adjstd_c', 'coinsurance'],
  ['rev_cntr_rdcd_coinsrnc_amt', 'reducedcoinsurance'],
  ['rev_cntr_tot_chrg_amt', 'submitted'],
  ['rev_cntr_rate_amt', null],
  ['rev_cntr_ncvrd_chrg_amt', null],
  ['rev_cntr_1st_msp_pd_amt', null],
  ['rev_cntr_2nd_msp_pd_amt', null],
  // Part D events
  ['cvrd_d_plan_pd_amt', 'benefit'],
  ['ncvrd_plan_pd_amt', 'benefit'],
  ['ptnt_pay_amt', 'paidbypatient'],
  ['tot_rx_cst_amt', 'drugcost'],
  ['gdc_blw_oopt_amt', null],
  ['gdc_abv_oopt_amt', null],
  ['othr_troop_amt', null],
  ['lics_amt', null],
  ['plro_amt', null],
  ['rptd_gap_dscnt_num', null],
  // Claim level (totals and benefit balances)
  ['clm_pmt_amt', 'payment'],
  ['clm_tot_chrg_amt', 'submitted'],
  ['nch_carr_clm_sbmtd_chrg_amt', 'submitted'],
  ['nch_carr_clm_alowd_amt', null],
  ['nch_clm_prvdr_pmt_amt', 'paidtoprovider'],
  ['nch_clm_bene_pmt_amt', 'paidtopatient'],
  ['carr_clm_cash_ddctbl_apld_amt', 'deductible'],
  ['clm_op_prvdr_pmt_amt', 'paidtoprovider'],
  ['clm_op_bene_pmt_amt', 'paidtopatient'],
  ['nch_bene_ptb_ddctbl_amt', 'deductible'],
  ['nch_bene_ptb_coinsrnc_amt', 'coinsurance'],
  ['nch_bene_ip_ddctbl_amt', 'deductible'],
  ['nch_bene_pta_coinsrnc_lblty_amt', 'coinsurance'],
  ['nch_bene_blood_ddctbl_lblty_am', 'deductible'],
  // The inpatient deductible and coinsurance together: what the member owes.
  ['nch_ip_tot_ddctn_amt', 'memberliability'],
  ['prpayamt', null],
]);
const CMS_VARIABLE = /^https:\/\/bluebutton\.cms\.gov\/resources\/variables\/([a-z0-9_]+)$/;
// Blue Button puts claim-level amounts (deductibles, provider and beneficiary payments) in benefit balances. Other
// benefit balances are plan-year accumulators, not this claim's money, and are never read.
const CMS_BENEFIT_BALANCE = 'https://bluebutton.cms.gov/resources/codesystem/benefit-balance';

const INSURER_MEANINGS: Meaning[] = ['payment', 'paidtoprovider', 'paidtopatient', 'benefit'];
const PATIENT_MEANINGS: Meaning[] = [
  'paidbypatient',
  'paidbypatientcash',
  'paidbypatientother',
  'memberliability',
  'deductible',
  'copay',
  'coinsurance',
];

const cmsVariableOf = (coding: Received<Coding>): string | null =>
  CMS_VARIABLE.exec(coding.code ?? '')?.[1] ?? CMS_VARIABLE.exec(coding.system ?? '')?.[1] ?? null;

/** One meaning per amount: a Blue Button variable first (it is the precise one), else an adjudication code. */
function meaningOf(category: Concept): Meaning | null {
  const codings = asArray(category?.coding);
  for (const coding of codings) {
    const variable = cmsVariableOf(coding);
    if (variable !== null && CMS_VARIABLES.has(variable)) return CMS_VARIABLES.get(variable) ?? null;
  }
  for (const coding of codings) {
    if (coding.system && !ADJUDICATION_SYSTEMS.has(coding.system)) continue;
    const meaning = ADJUDICATION_CODES.get((coding.code ?? '').toLowerCase());
    if (meaning) return meaning;
  }
  return null;
}

interface Amount {
  meaning: Meaning | null;
  value: number | null;
}

/** The amounts of one set (a line's adjudications, a claim's totals), summed per meaning. */
function figuresOf(amounts: Amount[]): Figures {
  const figures: Figures = {};
  for (const { meaning, value } of amounts) {
    if (meaning !== null && value !== null) figures[meaning] = (figures[meaning] ?? 0) + value;
  }
  if (figures.reducedcoinsurance) figures.coinsurance = figures.reducedcoinsurance;
  delete figures.reducedcoinsurance;
  return figures;
}

const adjudicationAmounts = (list: Adjudication[] | undefined): Amount[] =>
  asArray(list).map((a) => ({ meaning: meaningOf(a.category), value: money(a.amount) }));

function benefitBalanceAmounts(resource: Eob): Amount[] {
  return asArray(resource.benefitBalance).flatMap((balance) =>
    asArray(balance.financial).map((financial) => {
      const coding = asArray(financial.type?.coding).find((c) => c.system === CMS_BENEFIT_BALANCE);
      const variable = coding ? cmsVariableOf(coding) : null;
      return { meaning: (variable !== null && CMS_VARIABLES.get(variable)) || null, value: money(financial.usedMoney) };
    }),
  );
}

/** The claim's own figures: payment, then totals, then Blue Button's claim-level balances, then header adjudications. */
function headerFigures(resource: Eob): Figures {
  const payment = money(resource.payment?.amount);
  const sources: Figures[] = [
    payment === null ? {} : { payment },
    figuresOf(adjudicationAmounts(resource.total)),
    figuresOf(benefitBalanceAmounts(resource)),
    figuresOf(adjudicationAmounts(resource.adjudication)),
  ];
  const header: Figures = {};
  for (const source of sources) {
    for (const [meaning, value] of Object.entries(source) as [Meaning, number][]) header[meaning] ??= value;
  }
  return header;
}

function sumFigures(sets: Figures[]): Figures {
  const sum: Figures = {};
  for (const set of sets) {
    for (const [meaning, value] of Object.entries(set) as [Meaning, number][]) sum[meaning] = (sum[meaning] ?? 0) + value;
  }
  return sum;
}

const round2 = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
/** null when every part is missing; a missing part counts as nothing beside a present one. */
function sumOf(...values: (number | undefined)[]): number | null {
  const present = values.filter((v): v is number => v !== undefined);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}
const hasAny = (figures: Figures, meanings: Meaning[]): boolean => meanings.some((m) => figures[m] !== undefined);

interface Parts {
  deductible: number | null;
  copay: number | null;
  coinsurance: number | null;
}

const insurerPaidOf = (f: Figures): number | null => f.payment ?? sumOf(f.paidtoprovider, f.paidtopatient) ?? f.benefit ?? null;
const patientPaidOf = (f: Figures, parts: Parts): number | null =>
  f.paidbypatient ??
  sumOf(f.paidbypatientcash, f.paidbypatientother) ??
  f.memberliability ??
  sumOf(parts.deductible ?? undefined, parts.copay ?? undefined, parts.coinsurance ?? undefined);
const totalCostOf = (f: Figures): number | null => f.drugcost ?? f.submitted ?? null;
const partsOf = (f: Figures): Parts => ({ deductible: f.deductible ?? null, copay: f.copay ?? null, coinsurance: f.coinsurance ?? null });

/** A claim's money, one figure per meaning; null where the insurer gives none. */
interface ClaimMoney extends Parts {
  insurerPaid: number | null;
  patientPaid: number | null;
  totalCost: number | null;
}

/**
 * Insurer paid: `payment`, else `paidtoprovider` + `paidtopatient`, else `benefit`. Patient paid: `paidbypatient`,
 * else `paidbypatientcash` + `paidbypatientother`, else `memberliability`, else deductible + copay + coinsurance.
 * Each from the claim's header when it names any of its kind, the lines' sum only where it names none; the parts
 * (deductible, copay, coinsurance) each from the header, else the lines (a carrier claim gives its deductible on
 * the claim and its coinsurance on the lines).
 */
function claimMoney(resource: Eob): ClaimMoney {
  const header = headerFigures(resource);
  const lines = sumFigures(asArray(resource.item).map((item) => figuresOf(adjudicationAmounts(item.adjudication))));
  const parts: Parts = {
    deductible: header.deductible ?? lines.deductible ?? null,
    copay: header.copay ?? lines.copay ?? null,
    coinsurance: header.coinsurance ?? lines.coinsurance ?? null,
  };
  return {
    insurerPaid: round2(insurerPaidOf(hasAny(header, INSURER_MEANINGS) ? header : lines)),
    patientPaid: round2(patientPaidOf(hasAny(header, PATIENT_MEANINGS) ? header : lines, parts)),
    deductible: round2(parts.deductible),
    copay: round2(parts.copay),
    coinsurance: round2(parts.coinsurance),
    totalCost: round2(totalCostOf(header) ?? totalCostOf(lines)),
  };
}

function eobType(resource: Eob): string | null {
  const codings = asArray(resource.type?.coding);
  const coding = codings.find((c) => c.system === 'http://terminology.hl7.org/CodeSystem/claim-type') ?? codings.find((c) => c.code);
  return coding?.code ?? null;
}

function isPharmacy(resource: Eob): boolean {
  return asArray(resource.type?.coding).some((c) => c.code && PHARMACY_TYPES.has(c.code));
}

function providerName(resource: Eob, roles: string[]): string | null {
  for (const member of asArray(resource.careTeam)) {
    const codes = categoryCodes(member.role);
    if (roles.some((role) => codes.includes(role))) {
      const provider = member.provider;
      const name = str(provider?.display) ?? str(provider?.identifier?.value) ?? str(provider?.reference);
      if (name) return name;
    }
  }
  const fallback = resource.provider;
  return str(fallback?.display) ?? str(fallback?.identifier?.value) ?? null;
}

function serviceDate(resource: Eob): string | null {
  const firstItemDate = asArray(resource.item)
    .map((i) => dateOnly(i.servicedDate) ?? dateOnly(i.servicedPeriod?.start))
    .find(Boolean);
  return dateOnly(resource.billablePeriod?.start) ?? firstItemDate ?? dateOnly(resource.created);
}

/** The latest date the claim covers: its billable period's end, else the latest end of its items' service dates. */
function serviceEndDate(resource: Eob): string | null {
  const itemEnds = asArray(resource.item)
    .map((i) => dateOnly(i.servicedPeriod?.end) ?? dateOnly(i.servicedDate))
    .filter((d): d is string => d !== null)
    .sort();
  return dateOnly(resource.billablePeriod?.end) ?? itemEnds[itemEnds.length - 1] ?? null;
}

// ---- Care lines ---------------------------------------------------------------------------------------------
// What the plans' service categories are decided by: the claim's subtype, and per line its HCPCS/CPT code, place
// of service (professional lines) and revenue code (institutional lines).

const C4BB_INSTITUTIONAL_SUBTYPE = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBInstitutionalClaimSubType';
const BB_EOB_TYPE = 'https://bluebutton.cms.gov/resources/codesystem/eob-type';
const BB_EOB_TYPES = new Set(['inpatient', 'outpatient', 'snf', 'hha', 'hospice', 'carrier', 'dme', 'pde']);
// A claim of CARIN's first release has no subType; the profile it declares names the setting.
const C4BB_FACILITY_PROFILES = new Map([
  ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-ExplanationOfBenefit-Inpatient-Institutional', 'inpatient'],
  ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-ExplanationOfBenefit-Outpatient-Institutional', 'outpatient'],
]);
// The 2020 CARIN drafts typed facility claims in a claim-type system of their own.
const CARIN_2020_CLAIM_TYPE = 'http://hl7.org/fhir/us/carin/CodeSystem/carin-bb-claim-type';
const CARIN_2020_FACILITY = new Map([
  ['inpatient-facility', 'inpatient'],
  ['outpatient-facility', 'outpatient'],
]);

const HCPCS_SYSTEMS = [
  'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
  'http://www.ama-assn.org/go/cpt',
  'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
  'http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
];
const PLACE_OF_SERVICE_SYSTEMS = [
  'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set',
  'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set.html',
  'http://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set',
  'https://bluebutton.cms.gov/resources/variables/line_place_of_srvc_cd',
];
const REVENUE_SYSTEMS = [
  'https://www.nubc.org/CodeSystem/RevenueCodes',
  'http://www.nubc.org/RevenueCodes',
  'https://bluebutton.cms.gov/resources/variables/rev_cntr',
  'http://terminology.hl7.org/CodeSystem/ex-revenue-center',
];
// UB-04's revenue code 0001 is the claim's total-charge line: the sum of the others, no service of its own.
const TOTAL_CHARGE_REVENUE = '0001';

/** One claim line with what the plans' category rules look at (the plans module's CareLine). */
export interface CareLineRow {
  /** HCPCS / CPT, upper case. */
  code: string | null;
  /** CMS place-of-service code, 2 digits. */
  placeOfService: string | null;
  /** UB-04 revenue code, 4 digits. */
  revenue: string | null;
  /** Dollars: the line's allowed amount where the insurer states one, else its insurer paid + patient paid. */
  allowed: number | null;
}

/**
 * Institutional subtype (C4BB), else the Blue Button claim type, else the C4BB facility profile the claim declares,
 * else the 2020 CARIN facility types; lower case.
 */
function claimSubtype(resource: Eob): string | null {
  const subType = asArray(resource.subType?.coding)
    .find((c) => c.system === C4BB_INSTITUTIONAL_SUBTYPE && c.code)
    ?.code?.toLowerCase();
  if (subType === 'inpatient' || subType === 'outpatient') return subType;
  const types = asArray(resource.type?.coding);
  const blueButton = types.find((c) => c.system === BB_EOB_TYPE && c.code)?.code?.toLowerCase();
  if (blueButton && BB_EOB_TYPES.has(blueButton)) return blueButton;
  // A declared profile may carry its version: `...-Inpatient-Institutional|2.0.0`.
  const profile = asArray(resource.meta?.profile)
    .map((url) => (typeof url === 'string' ? C4BB_FACILITY_PROFILES.get(url.split('|')[0]!) : undefined))
    .find(Boolean);
  if (profile) return profile;
  const carin = types.find((c) => c.system === CARIN_2020_CLAIM_TYPE && c.code)?.code?.toLowerCase();
  return (carin && CARIN_2020_FACILITY.get(carin)) ?? null;
}

/** A code of the given systems when it has the shape its code set gives it (left-padded with zeros), else null. */
function codeOf(concept: Concept, systems: readonly string[], shape: RegExp, width: number): string | null {
  const code = str(codingIn(concept, systems)?.code);
  return code && shape.test(code) ? code.padStart(width, '0') : null;
}

function careLineOf(item: Received<ExplanationOfBenefitItem>): CareLineRow {
  const figures = figuresOf(adjudicationAmounts(item.adjudication));
  const insurer = insurerPaidOf(figures);
  const patient = patientPaidOf(figures, partsOf(figures));
  const paid = insurer === null && patient === null ? null : (insurer ?? 0) + (patient ?? 0);
  const hcpcs = str(codingIn(item.productOrService, HCPCS_SYSTEMS)?.code)?.toUpperCase() ?? null;
  return {
    code: hcpcs && /^[A-Z0-9]{5}$/.test(hcpcs) ? hcpcs : null,
    placeOfService: codeOf(item.locationCodeableConcept, PLACE_OF_SERVICE_SYSTEMS, /^\d{1,2}$/, 2),
    revenue: codeOf(item.revenue, REVENUE_SYSTEMS, /^\d{3,4}$/, 4),
    allowed: round2(figures.allowed ?? paid),
  };
}

/**
 * The medical lines of a claim (a pharmacy claim's fills are prescriptions, not care lines), without the total-charge
 * line and without lines that say nothing the category rules could use.
 */
function careLines(resource: Eob): CareLineRow[] {
  if (isPharmacy(resource)) return [];
  return asArray(resource.item)
    .map(careLineOf)
    .filter((line) => line.revenue !== TOTAL_CHARGE_REVENUE)
    .filter((line) => line.code !== null || line.placeOfService !== null || line.revenue !== null || line.allowed !== null);
}

/**
 * The version of the claim projections (money, search text). Raised whenever claimFromEob or prescriptionsFromEob
 * change what they make: claims stored by an older version are projected again from their raw resource at boot.
 */
// 2: pharmacy lines coded in RxNorm only (Synthea) are fills too; each fill keeps its RxCUI, quantity and days
// supply; dashed NDCs are stored in 11 digits.
// 3: claims keep their subtype, service end date and care lines (code, place of service, revenue code, allowed).
export const CLAIM_PROJECTION_VERSION = 3;

export interface ClaimRow {
  sourceId: string;
  claimType: string | null;
  status: string | null;
  outcome: string | null;
  /** Institutional subtype or Blue Button claim type, lower case: inpatient, outpatient, snf, hha, hospice, carrier, dme, pde. */
  subtype: string | null;
  serviceDate: string | null;
  /** YYYY-MM-DD: the billable period's end, else the latest item's. */
  serviceEndDate: string | null;
  /** What the insurer paid (part 2 §3's payment_amount). */
  paymentAmount: number | null;
  /** The patient's share, and the parts of it the insurer named. */
  patientPaid: number | null;
  deductible: number | null;
  copay: number | null;
  coinsurance: number | null;
  renderingProvider: string | null;
  diagnoses: HealthServiceDiagnosis[];
  procedures: HealthServiceProcedure[];
  careLines: CareLineRow[];
  /** Lowercase text the health history search looks in (part 2 §5); see claimSearchText. */
  searchText: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** A date as stored and as people type it: 2024-03-05, 3/5/2024, 03/05/2024. */
function dateForms(date: string | null): string[] {
  if (!date) return [];
  const [year, month, day] = date.split('-');
  return [date, `${Number(month)}/${Number(day)}/${year}`, `${month}/${day}/${year}`];
}

/**
 * What the health history search matches (part 2 §5): date, status, payment, type, outcome, provider, diagnosis
 * code and display, procedure code, date and display. One field per line, lowercase; dates and the payment also in
 * the forms people type ($1,505.90, 3/5/2024).
 */
export function claimSearchText(claim: Omit<ClaimRow, 'searchText'>): string {
  const payment = claim.paymentAmount === null ? [] : [claim.paymentAmount.toFixed(2), usd.format(claim.paymentAmount)];
  const fields = [
    ...dateForms(claim.serviceDate),
    claim.status,
    ...payment,
    claim.claimType,
    claim.outcome,
    claim.renderingProvider,
    ...claim.diagnoses.flatMap((d) => [d.diagnosis_code, d.diagnosis_display]),
    ...claim.procedures.flatMap((p) => [p.procedure_code, ...dateForms(p.procedure_date), p.procedure_display]),
  ];
  return fields
    .filter((f): f is string => !!f)
    .map((f) => f.replace(/\s+/g, ' ').toLowerCase())
    .join('\n');
}

export function claimFromEob(input: FhirInput): ClaimRow | null {
  const id = str(input.id);
  const resource = received<ExplanationOfBenefit>(input, 'ExplanationOfBenefit');
  if (!id || !resource) return null;
  const diagnoses: HealthServiceDiagnosis[] = [];
  for (const diagnosis of asArray(resource.diagnosis)) {
    const coding = codingIn(diagnosis.diagnosisCodeableConcept, SYSTEMS.icd10);
    if (coding?.code) {
      diagnoses.push({
        id: String(diagnosis.sequence ?? diagnoses.length + 1),
        diagnosis_code: coding.code,
        diagnosis_display: coding.display ?? null,
      });
    }
  }
  const procedures: HealthServiceProcedure[] = [];
  for (const procedure of asArray(resource.procedure)) {
    const coding = codingIn(procedure.procedureCodeableConcept, SYSTEMS.procedure);
    if (coding?.code) {
      procedures.push({
        id: `p${procedure.sequence ?? procedures.length + 1}`,
        procedure_code: coding.code,
        procedure_date: dateOnly(procedure.date),
        procedure_display: coding.display ?? null,
      });
    }
  }
  for (const item of asArray(resource.item)) {
    const coding = codingIn(item.productOrService, SYSTEMS.procedure);
    if (coding?.code) {
      procedures.push({
        id: `i${item.sequence ?? procedures.length + 1}`,
        procedure_code: coding.code,
        procedure_date: dateOnly(item.servicedDate) ?? dateOnly(item.servicedPeriod?.start),
        procedure_display: coding.display ?? null,
      });
    }
  }
  const paid = claimMoney(resource);
  const claim = {
    sourceId: id,
    claimType: eobType(resource),
    status: str(resource.status),
    outcome: str(resource.outcome),
    subtype: claimSubtype(resource),
    serviceDate: serviceDate(resource),
    serviceEndDate: serviceEndDate(resource),
    paymentAmount: paid.insurerPaid,
    patientPaid: paid.patientPaid,
    deductible: paid.deductible,
    copay: paid.copay,
    coinsurance: paid.coinsurance,
    renderingProvider: providerName(resource, ['rendering', 'performing', 'primary', 'attending']),
    diagnoses,
    procedures,
    careLines: careLines(resource),
  };
  return { ...claim, searchText: claimSearchText(claim) };
}

export type PrescriptionSourceKind = 'claim' | 'medication_request' | 'medication_dispense';

export interface PrescriptionRow {
  sourceId: string;
  sourceKind: PrescriptionSourceKind;
  drugName: string | null;
  /** 11 digits when the source printed it in a form that says where the zero goes; 10 bare digits as received. */
  drugNdc: string | null;
  /** The RxNorm concept the source named; filled from the NDC (ndc_drugs) when it named none. */
  rxcui: string | null;
  datePrescribed: string | null;
  provider: string | null;
  patientPaid: number | null;
  insurerPaid: number | null;
  totalPrice: number | null;
  /** Units dispensed (or, on a MedicationRequest, to dispense). */
  quantity: number | null;
  daysSupply: number | null;
}

/**
 * The version of the MedicationRequest and MedicationDispense projections. Raised whenever they change what they
 * make: rows stored by an older version are projected again from their raw resources at boot.
 */
export const MEDICATION_PROJECTION_VERSION = 1;

// ---- Drugs --------------------------------------------------------------------------------------------------

const NDC_SEGMENTS: Record<string, (l: string, p: string, k: string) => string> = {
  '4-4-2': (l, p, k) => `0${l}${p}${k}`,
  '5-3-2': (l, p, k) => `${l}0${p}${k}`,
  '5-4-1': (l, p, k) => `${l}${p}0${k}`,
  '5-4-2': (l, p, k) => `${l}${p}${k}`,
};

/**
 * An NDC as an insurer printed it, in the form stored: dashed package NDCs (4-4-2, 5-3-2, 5-4-1, 5-4-2) as 11
 * digits, 11 digits as they are, 10 bare digits as received (which of three NDCs they are is decided against the
 * reference tables when read, never guessed). Anything else (a product NDC without its package, six digits in an
 * NDC coding) is no NDC: null.
 */
export function storedNdc(code: string | null | undefined): string | null {
  const text = code?.trim();
  if (!text) return null;
  if (/^\d{10,11}$/.test(text)) return text;
  const segments = text.split('-');
  if (segments.length !== 3 || segments.some((segment) => !/^\d+$/.test(segment))) return null;
  const [labeler, product, pack] = segments as [string, string, string];
  return NDC_SEGMENTS[`${labeler.length}-${product.length}-${pack.length}`]?.(labeler, product, pack) ?? null;
}

/** An RxCUI as RxNorm issues them: digits. */
const rxcuiOf = (code: string | null | undefined): string | null => {
  const text = code?.trim();
  return text && /^\d{1,10}$/.test(text) ? text : null;
};

/** A drug as a concept codes it: its NDC and RxCUI (either may be missing) and the names the concept gives. */
interface DrugCodes {
  ndc: string | null;
  rxcui: string | null;
  /** The concept's text, else its RxNorm display, else its NDC display, else any display. */
  name: string | null;
  ndcDisplay: string | null;
}

function drugCodes(concept: Concept): DrugCodes {
  const ndcCoding = asArray(concept?.coding).find(
    (c) => c.system && (SYSTEMS.ndc as readonly string[]).includes(c.system) && storedNdc(c.code),
  );
  const rxCoding = asArray(concept?.coding).find(
    (c) => c.system && (SYSTEMS.rxnorm as readonly string[]).includes(c.system) && rxcuiOf(c.code),
  );
  const ndcDisplay = str(ndcCoding?.display);
  return {
    ndc: storedNdc(ndcCoding?.code),
    rxcui: rxcuiOf(rxCoding?.code),
    name:
      str(concept?.text) ??
      str(rxCoding?.display) ??
      ndcDisplay ??
      asArray(concept?.coding)
        .map((c) => str(c.display))
        .find(Boolean) ??
      null,
    ndcDisplay,
  };
}

const hasCode = (drug: DrugCodes): boolean => drug.ndc !== null || drug.rxcui !== null;

/** A quantity's value when it is a plausible count of units (numeric(14, 3) holds it): 0 or more, finite. */
const unitsOf = (quantity: Received<Quantity> | undefined): number | null => {
  const value = quantity?.value;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e11 ? Math.round(value * 1000) / 1000 : null;
};

const DAY_UNITS = new Set(['d', 'day', 'days']);
/** Days from a number, or from a Duration in days (UCUM `d`, or a unit spelled day/days); null when unreadable. */
function daysOf(value: unknown, unit?: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,5}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < 0 || number > 10_000) return null;
  if (unit !== undefined && !(typeof unit === 'string' && DAY_UNITS.has(unit.toLowerCase()))) return null;
  return number;
}
const durationDays = (duration: Received<Quantity> | undefined): number | null =>
  duration ? daysOf(duration.value, duration.code ?? duration.unit ?? 'd') : null;

/** Where a reference to a Medication points: a contained resource (`#id`), or a resource by id. */
export type MedicationTarget = { contained: string } | { id: string };

/**
 * `#id` is contained; `Medication/id`, an absolute `.../Medication/id[/_history/n]`, and a bundle's `urn:uuid:id`
 * (Synthea and US Core bundles give the resource the id of its full URL) name a Medication by id.
 */
export function medicationTarget(reference: Received<Reference> | undefined): MedicationTarget | null {
  const text = str(reference?.reference);
  if (!text) return null;
  if (text.startsWith('#')) return text.length > 1 ? { contained: text.slice(1) } : null;
  const uuid = /^urn:uuid:([0-9a-fA-F-]{1,64})$/.exec(text);
  if (uuid) return { id: uuid[1]! };
  const typed = /(?:^|\/)Medication\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(text);
  return typed ? { id: typed[1]! } : null;
}

/**
 * The Medication ids that MedicationRequests and MedicationDispenses among these resources name by reference
 * (`Medication/id`) and that are neither contained nor among the resources: those the fetch reads by id.
 */
export function unresolvedMedicationIds(resources: FhirInput[]): string[] {
  const known = medicationsById(resources);
  const missing = new Set<string>();
  for (const resource of resources) {
    if (resource.resourceType !== 'MedicationRequest' && resource.resourceType !== 'MedicationDispense') continue;
    const reference = (resource as Received<MedicationRequest>).medicationReference;
    if ((resource as Received<MedicationRequest>).medicationCodeableConcept) continue;
    const target = medicationTarget(reference);
    // A bundle-internal urn:uuid reference is no address on the server: it can only be resolved within the page.
    if (target && 'id' in target && !known.has(target.id) && /^(?:.*\/)?Medication\//.test(str(reference?.reference) ?? '')) {
      missing.add(target.id);
    }
  }
  return [...missing];
}

/** The Medication resources among these, by id. */
export function medicationsById(resources: FhirInput[]): Map<string, FhirInput> {
  const byId = new Map<string, FhirInput>();
  for (const resource of resources) {
    const id = str(resource.id);
    if (resource.resourceType === 'Medication' && id) byId.set(id, resource);
  }
  return byId;
}

/** The drug of a MedicationRequest or MedicationDispense: its concept, else the Medication it references. */
function medicationDrug(
  resource: Received<MedicationRequest> | Received<MedicationDispense>,
  medications: ReadonlyMap<string, FhirInput>,
): DrugCodes {
  const own = drugCodes(resource.medicationCodeableConcept);
  if (resource.medicationCodeableConcept && (hasCode(own) || !resource.medicationReference)) return own;
  const reference = resource.medicationReference;
  const target = medicationTarget(reference);
  let medication: Received<Medication> | null = null;
  if (target && 'contained' in target) {
    const contained = asArray(resource.contained as FhirInput[] | undefined).find(
      (c) => c.resourceType === 'Medication' && c.id === target.contained,
    );
    medication = contained ? received<Medication>(contained, 'Medication') : null;
  } else if (target) {
    const found = medications.get(target.id);
    medication = found ? received<Medication>(found, 'Medication') : null;
  }
  const drug = drugCodes(medication?.code);
  // Unresolved (a failed read, a reference to nothing sent): the reference's display at least names it.
  return { ...drug, name: drug.name ?? own.name ?? str(reference?.display) };
}

/**
 * One prescription per drug line of a pharmacy claim (coded by NDC, or by RxNorm only as Synthea does), its money from
 * the line. A claim of one fill whose line gives no amount (the CARIN examples put them in the totals only) takes
 * the claim's: they are that fill's. Quantity from the line; days supply from the claim's supporting information
 * (C4BB `dayssupply`), the line's own when it points at one.
 */
export function prescriptionsFromEob(input: FhirInput): PrescriptionRow[] {
  const id = str(input.id);
  const resource = received<ExplanationOfBenefit>(input, 'ExplanationOfBenefit');
  if (!id || !resource || !isPharmacy(resource)) return [];
  const fills = asArray(resource.item).flatMap((item) => {
    const drug = drugCodes(item.productOrService);
    // A line coded as an NDC that is none (six digits in early CARIN examples) is still a fill the member paid for:
    // kept, with no code rather than a guessed one.
    return hasCode(drug) || codingIn(item.productOrService, SYSTEMS.ndc) ? [{ item, drug }] : [];
  });
  const claim = fills.length === 1 ? claimMoney(resource) : null;
  const supply = daysSupplyInfo(resource);
  return fills.map(({ item, drug }, index) => {
    const line = figuresOf(adjudicationAmounts(item.adjudication));
    const linked = asArray(item.informationSequence)
      .map((sequence) => supply.bySequence.get(sequence))
      .find((days) => days !== undefined);
    return {
      sourceId: `ExplanationOfBenefit/${id}/${item.sequence ?? index + 1}`,
      sourceKind: 'claim' as const,
      // The claim's own words for the fill first (Blue Button: "Omeprazole - OMEPRAZOLE"), as before RxNorm was read.
      drugName:
        drug.ndcDisplay ?? str(codingIn(item.productOrService, SYSTEMS.ndc)?.display) ?? str(item.productOrService?.text) ?? drug.name,
      drugNdc: drug.ndc,
      rxcui: drug.rxcui,
      datePrescribed: dateOnly(item.servicedDate) ?? dateOnly(item.servicedPeriod?.start) ?? serviceDate(resource),
      provider: providerName(resource, ['prescribing', 'prescriber', 'primary', 'performing']),
      patientPaid: round2(patientPaidOf(line, partsOf(line))) ?? claim?.patientPaid ?? null,
      insurerPaid: round2(insurerPaidOf(line)) ?? claim?.insurerPaid ?? null,
      totalPrice: round2(totalCostOf(line)) ?? claim?.totalCost ?? null,
      quantity: unitsOf(item.quantity),
      daysSupply: linked ?? supply.claim,
    };
  });
}

const DAYS_SUPPLY = new Set(['dayssupply', 'days-supply']);

/** The claim's days supply entries (C4BB `dayssupply`; early CARIN examples name it in the category's text). */
function daysSupplyInfo(resource: Eob): { claim: number | null; bySequence: Map<number, number> } {
  const bySequence = new Map<number, number>();
  let claim: number | null = null;
  for (const info of asArray(resource.supportingInfo)) {
    const names = [...categoryCodes(info.category), str(info.category?.text)?.toLowerCase()];
    if (!names.some((name) => name && DAYS_SUPPLY.has(name))) continue;
    const days = daysOf(info.valueQuantity?.value) ?? daysOf(asArray(info.code?.coding)[0]?.code);
    if (days === null) continue;
    claim ??= days;
    if (typeof info.sequence === 'number') bySequence.set(info.sequence, days);
  }
  return { claim, bySequence };
}

/**
 * A MedicationRequest: its drug by concept, else by the Medication it references (contained, in the same page, or
 * read by id: `medications`). The quantity and days supply are the prescribed ones (dispenseRequest). A request
 * entered in error is no prescription.
 */
export function prescriptionFromMedicationRequest(
  input: FhirInput,
  medications: ReadonlyMap<string, FhirInput> = new Map(),
): PrescriptionRow | null {
  const id = str(input.id);
  const resource = received<MedicationRequest>(input, 'MedicationRequest');
  if (!id || !resource || resource.status === 'entered-in-error') return null;
  const drug = medicationDrug(resource, medications);
  return {
    sourceId: `MedicationRequest/${id}`,
    sourceKind: 'medication_request',
    drugName: drug.name,
    drugNdc: drug.ndc,
    rxcui: drug.rxcui,
    datePrescribed: dateOnly(resource.authoredOn),
    provider: str(resource.requester?.display),
    patientPaid: null,
    insurerPaid: null,
    totalPrice: null,
    quantity: unitsOf(resource.dispenseRequest?.quantity),
    daysSupply: durationDays(resource.dispenseRequest?.expectedSupplyDuration),
  };
}

/**
 * A MedicationDispense (PDex payers send fills this way): its drug as for a request, the quantity and days supply
 * dispensed, dated when handed over (else prepared). A dispense entered in error, or never made, is no fill.
 */
export function prescriptionFromMedicationDispense(
  input: FhirInput,
  medications: ReadonlyMap<string, FhirInput> = new Map(),
): PrescriptionRow | null {
  const id = str(input.id);
  const resource = received<MedicationDispense>(input, 'MedicationDispense');
  if (!id || !resource || resource.status === 'entered-in-error' || resource.status === 'declined') return null;
  const drug = medicationDrug(resource, medications);
  return {
    sourceId: `MedicationDispense/${id}`,
    sourceKind: 'medication_dispense',
    drugName: drug.name,
    drugNdc: drug.ndc,
    rxcui: drug.rxcui,
    datePrescribed: dateOnly(resource.whenHandedOver) ?? dateOnly(resource.whenPrepared),
    provider:
      asArray(resource.performer)
        .map((p) => str(p.actor?.display))
        .find(Boolean) ?? null,
    patientPaid: null,
    insurerPaid: null,
    totalPrice: null,
    quantity: unitsOf(resource.quantity),
    daysSupply: durationDays(resource.daysSupply),
  };
}

export interface ConditionRow {
  sourceId: string;
  codeSystem: string | null;
  code: string | null;
  display: string | null;
  clinicalStatus: string | null;
  onsetDate: string | null;
}

export function conditionFromResource(input: FhirInput): ConditionRow | null {
  const id = str(input.id);
  const resource = received<Condition>(input, 'Condition');
  if (!id || !resource) return null;
  const coding = codingIn(resource.code, [...SYSTEMS.icd10, 'http://snomed.info/sct']) ?? asArray(resource.code?.coding)[0] ?? null;
  return {
    sourceId: id,
    codeSystem: coding?.system ?? null,
    code: coding?.code ?? null,
    display: coding?.display ?? str(resource.code?.text),
    clinicalStatus: asArray(resource.clinicalStatus?.coding)[0]?.code ?? null,
    onsetDate: dateOnly(resource.onsetDateTime) ?? dateOnly(resource.recordedDate),
  };
}

export interface CoverageRow {
  sourceId: string;
  status: string | null;
  planName: string | null;
  marketingName: string | null;
  planYear: number | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export function coverageFromResource(input: FhirInput): CoverageRow | null {
  const id = str(input.id);
  const resource = received<Coverage>(input, 'Coverage');
  if (!id || !resource) return null;
  const classes = asArray(resource.class);
  const classOf = (code: string) => classes.find((c) => categoryCodes(c.type).includes(code));
  const plan = classOf('plan') ?? classOf('group');
  const periodStart = dateOnly(resource.period?.start);
  return {
    sourceId: id,
    status: str(resource.status),
    planName: str(plan?.name) ?? str(plan?.value),
    marketingName: str(classOf('plan')?.name) ?? str(asArray(resource.payor)[0]?.display) ?? str(resource.type?.text),
    planYear: periodStart ? Number(periodStart.slice(0, 4)) : null,
    periodStart,
    periodEnd: dateOnly(resource.period?.end),
  };
}

export interface PatientDemographics {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  streetAddress: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  birthdate: string | null;
  gender: string | null;
}

export function demographicsFromPatient(input: FhirInput): PatientDemographics | null {
  const resource = received<Patient>(input, 'Patient');
  if (!resource) return null;
  const names = asArray(resource.name);
  const name = names.find((n) => n.use === 'official') ?? names[0] ?? {};
  const telecom = asArray(resource.telecom);
  const addresses = asArray(resource.address);
  const address = addresses.find((a) => a.use === 'home') ?? addresses[0] ?? {};
  return {
    firstName: asArray(name.given).join(' ') || null,
    lastName: str(name.family),
    email: str(telecom.find((t) => t.system === 'email')?.value),
    phoneNumber: str(telecom.find((t) => t.system === 'phone')?.value),
    streetAddress: asArray(address.line).join(', ') || null,
    city: str(address.city),
    district: str(address.district),
    state: str(address.state),
    postalCode: str(address.postalCode),
    birthdate: dateOnly(resource.birthDate),
    gender: str(resource.gender),
  };
}
