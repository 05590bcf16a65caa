import type { CareClaim, CareLine, ServiceCategory } from '../plan-types';
import { sumCents, toCents, type Cents } from './money';

/**
 * Claims -> the plan's service categories (README "Claims to categories"). Pure: the same claims in any order give
 * the same units in the same order.
 */

/**
 * The rendering provider, when the caller has it (claims.rendering_provider): it names the member's primary doctor.
 * Optional so a plain CareClaim is accepted; without it every office visit counts as a primary doctor visit.
 */
export type RankableClaim = CareClaim;

/**
 * What one copay pays for: the lines of one claim in one category; an inpatient or SNF stay (the whole claim); for
 * emergency and urgent care, every bill of one day (the facility's and the doctors': the plan's copay is per visit).
 */
export interface CareUnit {
  category: ServiceCategory;
  /** YYYY-MM-DD: the (first) service date; the order the deductible is met in. */
  date: string;
  claimIds: string[];
  /** What the service cost in full (insurer paid + patient paid), cents. */
  allowed: Cents;
  /** Days of an inpatient or SNF stay; 1 for anything else. */
  days: number;
  /** A home health agency's claim: $0 under Original Medicare; an MA plan's cost of it is read as `other`. */
  homeHealth: boolean;
}

export type SkipReason = 'no-amount' | 'invalid-amount' | 'invalid-date' | 'not-medical' | 'hospice';

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  'no-amount': 'no amount on the claim',
  'invalid-amount': 'a negative or unreadable amount (an adjustment)',
  'invalid-date': 'no service date',
  'not-medical': 'routine vision, dental or pharmacy (not a medical service of the plan)',
  hospice: 'hospice (Original Medicare pays it under every plan)',
};

export interface SkippedClaim {
  claimId: string;
  reason: SkipReason;
}

export interface CareProfile {
  /** Sorted by date, then category, then first claim id. */
  units: CareUnit[];
  skipped: SkippedClaim[];
  /** The provider whose office visits are primary doctor visits (most visits); null when no claim names one. */
  primaryProvider: string | null;
  /** Office visits of claims that name no provider: counted as primary doctor visits (a caveat says so). */
  officeVisitsWithoutProvider: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Codes

type Code = { kind: 'cpt'; n: number } | { kind: 'hcpcs'; letter: string; n: number } | { kind: 'cat2' } | { kind: 'other' };

function parseCode(raw: string | null): Code | null {
  if (!raw) return null;
  // A modifier may follow ("99213-25", "99213 25"): the first five characters are the code.
  const text = raw.trim().toUpperCase().slice(0, 5);
  if (/^\d{5}$/.test(text)) return { kind: 'cpt', n: Number(text) };
  if (/^[A-Z]\d{4}$/.test(text)) return { kind: 'hcpcs', letter: text[0]!, n: Number(text.slice(1)) };
  if (/^\d{4}F$/.test(text)) return { kind: 'cat2' };
  return { kind: 'other' };
}

const between = (n: number, from: number, to: number): boolean => n >= from && n <= to;

/**
 * Preventive services: $0 in every MA plan and under Original Medicare (the ACA waives cost-sharing for them). The
 * copay-waived codes of CMS's Medicare Preventive Services chart (MLN006559, 2019 Q1: ../shared/data/uspstf) that
 * are only ever billed as screening, plus screening CT of the lung (71271, 2021). Left out on purpose: lab codes the
 * chart lists that are as often ordered to diagnose as to screen (lipid panel 80061, glucose 82947, HIV and STI
 * tests 86xxx/87xxx...): the line alone cannot tell which, so they are labs (the conservative side).
 */
// prettier-ignore
const PREVENTIVE_CODES = new Set([
  'G0438', 'G0439', 'G0402', 'G0442', 'G0443', 'G0444', 'G0445', 'G0446', 'G0447', 'G0473', 'G0472', 'G0432',
  'G0433', 'G0435', 'G0475', 'G0476', 'G0499', 'G0101', 'G0103', 'G0104', 'G0105', 'G0121', 'G0328', 'G0130',
  'G0296', 'G0297', 'G0270', 'G0271', 'G0513', 'G0514', 'G0123', 'G0124', 'G0141', 'G0143', 'G0144', 'G0145',
  'G0147', 'G0148', 'P3000', 'P3001', 'Q0091', 'G0008', 'G0009', 'G0010', 'Q2034', 'Q2035', 'Q2036', 'Q2037',
  'Q2038', 'Q2039', '00812', '81528', '82270', '77063', '77067', '76706', '76977', '77078', '77080', '77081',
  '77085', '71271', '97802', '97803', '97804', '99406', '99407',
]);

function isPreventive(raw: string | null, code: Code | null): boolean {
  if (!code) return false;
  if (code.kind === 'cat2') return true; // quality-reporting codes (3014F...): billed at $0
  const text = raw!.trim().toUpperCase().slice(0, 5);
  if (PREVENTIVE_CODES.has(text)) return true;
  if (code.kind === 'hcpcs') return code.letter === 'G' && between(code.n, 9873, 9891); // diabetes prevention program
  if (code.kind !== 'cpt') return false;
  // Vaccines and their administration: Part B vaccines and (since the IRA, 2023) ACIP vaccines under Part D are $0.
  // Preventive visits 99381-99397: MA plans cover an annual physical at $0.
  return between(code.n, 90476, 90759) || between(code.n, 90460, 90461) || between(code.n, 90471, 90474) || between(code.n, 99381, 99397);
}

/** Plain radiographs (outpatientXray): head and neck, chest, ribs, spine, pelvis, limbs, abdomen, without contrast. */
// prettier-ignore
const PLAIN_FILMS: readonly [number, number][] = [
  [70100, 70160], [70190, 70220], [70250, 70260], [70328, 70330], [70360, 70360], [71045, 71048], [71100, 71130],
  [72020, 72120], [72170, 72190], [72200, 72220], [73000, 73140], [73501, 73660], [74018, 74022],
];
/** Arthrograms inside those ranges: contrast studies, so diagnostic radiology. */
const ARTHROGRAPHY = new Set([73040, 73085, 73115, 73525, 73580, 73615]);

type CodeCategory = ServiceCategory | 'office-visit';

/** The category a code says by itself, whatever the setting; null when the code alone does not say. */
function categoryOfCode(code: Code | null): CodeCategory | null {
  if (!code) return null;
  if (code.kind === 'hcpcs') {
    const { letter, n } = code;
    if (letter === 'G' && between(n, 380, 384)) return 'emergency';
    if (letter === 'G' && n === 2211) return 'office-visit'; // the office visit complexity add-on
    if (letter === 'G' && n === 463) return 'outpatientHospital'; // hospital outpatient clinic visit
    if (letter === 'G' && n === 283) return 'physicalTherapy';
    if (letter === 'G' && [2010, 2012, 2250, 2251, 2252].includes(n)) return 'telehealth';
    if (letter === 'A' && between(n, 425, 436)) return 'ambulance';
    if (letter === 'A' && between(n, 4206, 8004)) return 'durableEquipment'; // medical supplies
    if (letter === 'E' && between(n, 100, 8002)) return 'durableEquipment';
    if (letter === 'K' && between(n, 1, 899)) return 'durableEquipment';
    if (letter === 'L') return 'durableEquipment'; // orthotics and prosthetics
    if (letter === 'J') return 'partBDrugs';
    if (letter === 'Q' && between(n, 5101, 5199)) return 'partBDrugs'; // biosimilars
    return null;
  }
  if (code.kind !== 'cpt') return null;
  const n = code.n;
  if (between(n, 99281, 99285)) return 'emergency';
  if (between(n, 99202, 99205) || between(n, 99211, 99215)) return 'office-visit';
  if (between(n, 99421, 99423) || between(n, 98966, 98972)) return 'telehealth';
  if (between(n, 99341, 99350) || between(n, 99495, 99496)) return 'primaryCare'; // home visits, care after discharge
  // Hospital, consult, nursing facility and critical care visits: a specialist's (or hospitalist's) bill.
  if (between(n, 99221, 99255) || between(n, 99291, 99292) || between(n, 99304, 99337)) return 'specialist';
  if (between(n, 90935, 90999)) return 'dialysis';
  if (between(n, 90785, 90899) || between(n, 96130, 96146)) return 'mentalHealth';
  if (between(n, 97165, 97168)) return 'occupationalTherapy';
  if (between(n, 97010, 97546) || between(n, 97750, 97799) || between(n, 92507, 92508) || between(n, 92521, 92526)) {
    return 'physicalTherapy'; // the Plan Finder's "physical therapy and speech-language pathology"
  }
  if (between(n, 93000, 93999) || between(n, 94000, 94799) || between(n, 95700, 95999)) return 'diagnosticTests';
  if (between(n, 77261, 77799)) return 'other'; // radiation therapy: no category of its own in our data
  if (between(n, 70010, 79999)) {
    const plain = PLAIN_FILMS.some(([from, to]) => between(n, from, to)) && !ARTHROGRAPHY.has(n);
    return plain ? 'outpatientXray' : 'diagnosticRadiology';
  }
  if (between(n, 80000, 89999) || n === 36415 || n === 36416) return 'labs';
  return null;
}

const isErRevenue = (revenue: string | null): boolean => !!revenue && /^045[0-9]$/.test(revenue) && revenue !== '0456';
const URGENT_REVENUE = new Set(['0456', '0516', '0526']);

/** UB-04 revenue code -> category, for outpatient lines whose HCPCS does not say. */
function categoryOfRevenue(revenue: string | null): ServiceCategory | null {
  if (!revenue || !/^\d{4}$/.test(revenue)) return null;
  const group = revenue.slice(0, 3);
  if (revenue === '0324') return 'outpatientXray'; // chest x-ray
  if (['030', '031'].includes(group)) return 'labs';
  if (['032', '035', '040', '061'].includes(group)) return 'diagnosticRadiology';
  if (group === '033') return 'other'; // radiation therapy
  if (['042', '044'].includes(group)) return 'physicalTherapy';
  if (group === '043') return 'occupationalTherapy';
  if (group === '054') return 'ambulance';
  if (['0634', '0635', '0636'].includes(revenue)) return 'partBDrugs';
  if (['046', '048', '073', '074'].includes(group)) return 'diagnosticTests';
  if (['082', '083', '084', '085', '088'].includes(group)) return 'dialysis';
  if (['090', '091'].includes(group)) return 'mentalHealth';
  if (group === '029') return 'durableEquipment';
  if (revenue === '0780') return 'telehealth';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Claims

type ClaimKind = 'inpatient' | 'snf' | 'outpatient' | 'professional' | 'dme' | 'hha' | SkipReason;

const ROOM_AND_BOARD = /^0(1[0-9]{2}|20[0-9]|21[0-9])$/;

function kindOf(claim: CareClaim): ClaimKind {
  const type = claim.claimType?.trim().toLowerCase() ?? '';
  const sub = claim.subtype?.trim().toLowerCase() ?? '';
  if (['vision', 'oral', 'pharmacy'].includes(type) || ['pde', 'pharmacy'].includes(sub)) return 'not-medical';
  if (sub === 'hospice') return 'hospice';
  if (sub === 'inpatient') return 'inpatient';
  if (sub === 'snf') return 'snf';
  if (sub === 'outpatient') return 'outpatient';
  if (sub === 'hha') return 'hha';
  if (sub === 'dme') return 'dme';
  if (sub === 'carrier' || sub === 'professional' || type === 'professional') return 'professional';
  const revenues = claim.lines.map((line) => line.revenue ?? '');
  if (type === 'institutional' || (!type && revenues.some(Boolean))) {
    // Without a subtype the revenue codes tell: 0022 bills a SNF stay, room and board an inpatient one.
    if (revenues.includes('0022')) return 'snf';
    if (revenues.some((revenue) => ROOM_AND_BOARD.test(revenue))) return 'inpatient';
    return 'outpatient';
  }
  return 'professional';
}

interface PricedLine {
  line: CareLine;
  allowed: Cents;
}

/**
 * Each line's allowed amount in cents. Lines without one share what the claim's total leaves (the first takes the
 * odd cent); a claim without lines is one line of its total. Null when the claim has no usable amount.
 */
function priceLines(claim: CareClaim): PricedLine[] | SkipReason {
  const bad = (value: number | null): boolean => value !== null && (!Number.isFinite(value) || value < 0);
  if (bad(claim.allowed) || claim.lines.some((line) => bad(line.allowed))) return 'invalid-amount';
  const lines = claim.lines.length > 0 ? claim.lines : [{ code: null, placeOfService: null, revenue: null, allowed: claim.allowed }];
  const known = sumCents(lines.filter((line) => line.allowed !== null).map((line) => toCents(line.allowed!)));
  const unpriced = lines.filter((line) => line.allowed === null).length;
  if (unpriced === lines.length && claim.allowed === null) return 'no-amount';
  const rest = Math.max(0, (claim.allowed === null ? known : toCents(claim.allowed)) - known);
  const share = unpriced > 0 ? Math.floor(rest / unpriced) : 0;
  let odd = unpriced > 0 ? rest - share * unpriced : 0;
  return lines.map((line) => {
    if (line.allowed !== null) return { line, allowed: toCents(line.allowed) };
    const extra = odd;
    odd = 0;
    return { line, allowed: share + extra };
  });
}

/** An office visit of a professional claim (the primary doctor rule decides between primaryCare and specialist). */
const OFFICE = 'office-visit' as const;

function professionalCategory(line: CareLine, kind: ClaimKind): CodeCategory {
  const code = parseCode(line.code);
  if (isPreventive(line.code, code)) return 'preventive';
  const pos = line.placeOfService?.trim().padStart(2, '0') ?? '';
  if (pos === '23') return 'emergency';
  if (pos === '20') return 'urgentCare';
  if (pos === '02' || pos === '10') return 'telehealth';
  const byCode = categoryOfCode(code);
  if (byCode === 'telehealth' || byCode === 'emergency') return byCode;
  // Doctors' bills during an inpatient, SNF, psychiatric or rehabilitation stay: MA plans differ on whether the
  // stay's cost covers them, so they count as specialist visits (the conservative side), one per claim.
  if (['21', '31', '51', '61'].includes(pos)) return byCode === 'mentalHealth' ? 'mentalHealth' : 'specialist';
  if (pos === '81') return 'labs';
  if (byCode) return byCode;
  if (kind === 'dme') return 'durableEquipment';
  if (pos === '41' || pos === '42') return 'ambulance';
  if (pos === '65') return 'dialysis';
  // Surgery and other procedures billed by a doctor: the surgeon is a specialist (the facility bills separately).
  if (code?.kind === 'cpt' && (between(code.n, 10000, 69999) || between(code.n, 99000, 99499))) return 'specialist';
  return 'other';
}

/** Outpatient facility claim: an ER or urgent care visit is one category for the whole claim. */
function outpatientVisitCategory(lines: readonly CareLine[]): ServiceCategory | null {
  const erCode = (line: CareLine): boolean => categoryOfCode(parseCode(line.code)) === 'emergency';
  if (lines.some((line) => isErRevenue(line.revenue) || erCode(line))) return 'emergency';
  if (lines.some((line) => !!line.revenue && URGENT_REVENUE.has(line.revenue))) return 'urgentCare';
  return null;
}

function outpatientLineCategory(line: CareLine): ServiceCategory {
  const code = parseCode(line.code);
  if (isPreventive(line.code, code)) return 'preventive';
  const byCode = categoryOfCode(code);
  // An E/M code on a hospital's bill is a hospital clinic visit.
  if (byCode && byCode !== OFFICE) return byCode;
  return categoryOfRevenue(line.revenue) ?? 'outpatientHospital';
}

const normalProvider = (provider: string | null | undefined): string | null => {
  const text = provider?.trim().replace(/\s+/g, ' ').toUpperCase();
  return text ? text : null;
};

interface DraftLine {
  category: CodeCategory;
  allowed: Cents;
}

interface DraftClaim {
  claim: RankableClaim;
  kind: ClaimKind;
  lines: DraftLine[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days of a stay: at least 1, at most a year (a bad count must not make the day-by-day costing run away). */
const stayDaysOf = (days: number | null): number =>
  days !== null && Number.isFinite(days) ? Math.min(366, Math.max(1, Math.round(days))) : 1;

/** The member's claims as cost units of the plan's categories, and the claims left out with why. */
export function categorizeClaims(claims: readonly RankableClaim[]): CareProfile {
  const skipped: SkippedClaim[] = [];
  const drafts: DraftClaim[] = [];
  for (const claim of claims) {
    const kind = kindOf(claim);
    if (kind === 'not-medical' || kind === 'hospice') {
      skipped.push({ claimId: claim.id, reason: kind });
      continue;
    }
    if (!DATE.test(claim.serviceDate ?? '')) {
      skipped.push({ claimId: claim.id, reason: 'invalid-date' });
      continue;
    }
    const priced = priceLines(claim);
    if (typeof priced === 'string') {
      skipped.push({ claimId: claim.id, reason: priced });
      continue;
    }
    drafts.push({ claim, kind, lines: draftLines(kind, priced) });
  }

  const primaryProvider = primaryProviderOf(drafts);
  let officeVisitsWithoutProvider = 0;
  const units = new Map<string, CareUnit>();
  for (const { claim, kind, lines } of drafts) {
    const provider = normalProvider(claim.provider);
    const isStay = kind === 'inpatient' || kind === 'snf';
    const seen = new Set<ServiceCategory>();
    for (const line of lines) {
      const category: ServiceCategory =
        line.category === OFFICE ? (provider === null || provider === primaryProvider ? 'primaryCare' : 'specialist') : line.category;
      if (line.category === OFFICE && provider === null && !seen.has(category)) officeVisitsWithoutProvider += 1;
      seen.add(category);
      const key = isStay
        ? `stay:${claim.id}`
        : category === 'emergency' || category === 'urgentCare'
          ? `${category}:${claim.serviceDate}`
          : `${category}:${claim.id}`;
      const unit = units.get(key);
      if (unit) {
        unit.allowed += line.allowed;
        if (!unit.claimIds.includes(claim.id)) unit.claimIds.push(claim.id);
      } else {
        const days = isStay ? stayDaysOf(claim.stayDays) : 1;
        units.set(key, {
          category,
          date: claim.serviceDate,
          claimIds: [claim.id],
          allowed: line.allowed,
          days,
          homeHealth: kind === 'hha',
        });
      }
    }
  }
  const sorted = [...units.values()].map((unit) => ({ ...unit, claimIds: [...unit.claimIds].sort() }));
  sorted.sort((a, b) => compare(a.date, b.date) || compare(a.category, b.category) || compare(a.claimIds[0]!, b.claimIds[0]!));
  skipped.sort((a, b) => compare(a.claimId, b.claimId));
  return { units: sorted, skipped, primaryProvider, officeVisitsWithoutProvider };
}

function draftLines(kind: ClaimKind, priced: PricedLine[]): DraftLine[] {
  const total = sumCents(priced.map((line) => line.allowed));
  if (kind === 'inpatient') return [{ category: 'inpatient', allowed: total }];
  if (kind === 'snf') return [{ category: 'skilledNursing', allowed: total }];
  if (kind === 'hha') return [{ category: 'other', allowed: total }]; // home health: no category of its own
  if (kind === 'outpatient') {
    const visit = outpatientVisitCategory(priced.map((entry) => entry.line));
    // An ER or urgent care visit: its preventive lines (a flu shot given there) stay $0, the rest is the visit.
    return priced.map(({ line, allowed }) => {
      const own = outpatientLineCategory(line);
      return { category: visit && own !== 'preventive' ? visit : own, allowed };
    });
  }
  return priced.map(({ line, allowed }) => ({ category: professionalCategory(line, kind), allowed }));
}

/** The member's primary doctor: the provider with the most office visits; ties: the earlier first visit, then name. */
function primaryProviderOf(drafts: readonly DraftClaim[]): string | null {
  const visits = new Map<string, { count: number; first: string }>();
  for (const { claim, lines } of drafts) {
    const provider = normalProvider(claim.provider);
    if (!provider || !lines.some((line) => line.category === OFFICE)) continue;
    const entry = visits.get(provider) ?? { count: 0, first: claim.serviceDate };
    entry.count += 1;
    if (claim.serviceDate < entry.first) entry.first = claim.serviceDate;
    visits.set(provider, entry);
  }
  let best: [string, { count: number; first: string }] | null = null;
  for (const candidate of visits) {
    if (
      !best ||
      candidate[1].count > best[1].count ||
      (candidate[1].count === best[1].count &&
        (candidate[1].first < best[1].first || (candidate[1].first === best[1].first && candidate[0] < best[0])))
    ) {
      best = candidate;
    }
  }
  return best?.[0] ?? null;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** For the spec and the README: the category one line gets on its own (professional setting, no provider). */
export function categoryOfProfessionalLine(line: CareLine): ServiceCategory {
  const category = professionalCategory(line, 'professional');
  return category === OFFICE ? 'primaryCare' : category;
}
