import {
  isRecruitingTrialStatus,
  type ClinicalTrial,
  type TrialDiagnosisSource,
  type TrialMatchReason,
  type TrialSearchedDiagnosis,
} from '@healthlink/contracts';
import type { V2Location, V2Study } from './clinical-trials.client';
import { checkEligibility, type MemberFacts } from './eligibility';
import { haversineMiles, type GeoPoint, type Icd10Catalogue } from './reference/trials-reference';

/**
 * The matching rules, pure (no I/O): which searches a member's diagnoses make, why a returned study matched, whether
 * the member is admitted, and the score. Bump MATCHING_VERSION when a rule changes: cached lists are then recomputed.
 */
export const MATCHING_VERSION = 2;

/**
 * Searched first, with the larger budget: studies a member can still join ("enrolling by invitation" too: open to
 * those the team asks).
 */
export const OPEN_STATUSES = ['RECRUITING', 'NOT_YET_RECRUITING', 'ENROLLING_BY_INVITATION'] as const;
/** Then, with a smaller budget, the spec's other statuses: running or over, listed after the open ones for context. */
export const CLOSED_STATUSES = ['ACTIVE_NOT_RECRUITING', 'COMPLETED', 'TERMINATED', 'WITHDRAWN'] as const;

/** The most trials one list keeps (recruiting first): more than the list page ever shows in a sitting. */
export const MAX_TRIALS = 60;
/** Category search terms joined by OR in one request, so 30 diagnoses make 4 calls (the URL stays short). */
export const TERMS_PER_SEARCH = 8;

/**
 * Chapters searched: diseases and injuries. Symptoms (R), external causes (V-Y), encounters and risk factors (Z) and
 * special codes (U) name no condition a trial recruits for.
 */
const UNSEARCHED_CATEGORY = /^[RUVWXYZ]/;

/**
 * Registry wording for common categories whose official ICD-10-CM title is not how studies name the disease
 * (the registry's own synonym expansion does some of this; the sandbox does none, so the terms are explicit).
 */
const CATEGORY_TERMS: Readonly<Record<string, string>> = {
  E10: 'type 1 diabetes',
  E11: 'type 2 diabetes',
  E03: 'hypothyroidism',
  E66: 'obesity',
  E78: 'hyperlipidemia',
  F17: 'nicotine dependence',
  F32: 'depression',
  F33: 'depression',
  F41: 'anxiety',
  F90: 'attention deficit hyperactivity disorder',
  G20: 'parkinson disease',
  G30: 'alzheimer disease',
  G35: 'multiple sclerosis',
  G43: 'migraine',
  G47: 'sleep disorder',
  I10: 'hypertension',
  I11: 'hypertensive heart disease',
  I20: 'angina',
  I21: 'myocardial infarction',
  I25: 'coronary artery disease',
  I48: 'atrial fibrillation',
  I63: 'stroke',
  J44: 'chronic obstructive pulmonary disease',
  J45: 'asthma',
  K21: 'gastroesophageal reflux',
  K50: 'crohn disease',
  K51: 'ulcerative colitis',
  M05: 'rheumatoid arthritis',
  M06: 'rheumatoid arthritis',
  M16: 'hip osteoarthritis',
  M17: 'knee osteoarthritis',
  M54: 'back pain',
  M81: 'osteoporosis',
  N18: 'chronic kidney disease',
  C18: 'colon cancer',
  C34: 'lung cancer',
  C50: 'breast cancer',
  C61: 'prostate cancer',
  B20: 'HIV',
};

/**
 * Study conditions that share the term's words but are another disease: "ocular hypertension" (eye pressure) and
 * "pulmonary hypertension" are not essential hypertension. A condition holding one of these words does not match.
 */
const CATEGORY_EXCLUDES: Readonly<Record<string, readonly string[]>> = {
  I10: ['ocular', 'pulmonary', 'intracranial', 'portal', 'intraabdominal', 'gestational', 'pregnancy'],
  E11: ['gestational'],
};

const STOP_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'a', 'an', 'in', 'on', 'to', 'for', 'by', 'with', 'without', 'and']);
const ROMAN: Readonly<Record<string, string>> = { i: '1', ii: '2', iii: '3', iv: '4' };

/** Words as the search compares them: lower case, no punctuation, roman numerals I-IV as digits, a plural `s` dropped. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w.length > 0 && !(w.length === 1 && /[a-z]/.test(w) && !ROMAN[w]))
    .map((w) => ROMAN[w] ?? (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .filter((w) => !STOP_WORDS.has(w));
}

/** The condition name searched for a 3-character category: registry wording, else the official title simplified. */
export function searchTermFor(category: string, categoryName: string): string {
  const known = CATEGORY_TERMS[category];
  if (known) return known;
  let term = categoryName.replace(/\s*\([^)]*\)/g, '').replace(/\s*\[[^\]]*\]/g, '');
  const cancer = /^malignant neoplasm of (.+)$/i.exec(term);
  if (cancer) term = `${cancer[1]} cancer`;
  term = term.split(/,| with | without | due to | and | in /i)[0]!;
  term = term.replace(/^(other|unspecified|other and unspecified|other specified)\s+/i, '');
  return term.trim().toLowerCase();
}

/** "E119" -> "E11.9". */
export const dotted = (code: string): string => (code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code);

/** The official name as a phrase: the first letter in lower case unless the first word is a name or an acronym. */
function asPhrase(name: string): string {
  const first = name.split(' ')[0] ?? '';
  return /[A-Z]/.test(first.slice(1)) || /'s$/i.test(first) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

export interface DiagnosisInput {
  /** Upper case, no dot. */
  code: string;
  display: string | null;
  sources: TrialDiagnosisSource[];
}

export interface SearchedDiagnosis extends TrialSearchedDiagnosis {
  category: string;
  /** The search term's words (what a study's conditions must contain). */
  termWords: string[];
  /** Words that make a study condition another disease (CATEGORY_EXCLUDES). */
  excludeWords: string[];
}

export interface SearchPlan {
  diagnoses: SearchedDiagnosis[];
  /** One entry per request: the categories' terms joined by OR, in code (so chapter) order. */
  queries: string[];
}

/**
 * The member's diagnoses as searches: ICD-10-CM codes only (checked against the code table: ICD-9 and made-up codes
 * are dropped), in searched chapters, one term per 3-character category, the terms joined by OR in code order
 * (so by chapter), at most TERMS_PER_SEARCH per request.
 */
export function planSearches(inputs: readonly DiagnosisInput[], icd: Icd10Catalogue): SearchPlan {
  const diagnoses: SearchedDiagnosis[] = [];
  for (const input of inputs) {
    const code = input.code.toUpperCase().replace(/\./g, '');
    if (!/^[A-Z]\d[0-9A-Z]{1,5}$/.test(code) || UNSEARCHED_CATEGORY.test(code) || !icd.knows(code)) continue;
    const category = code.slice(0, 3);
    const searchTerm = searchTermFor(category, icd.nameOf(category) ?? icd.nameOf(code)!);
    const termWords = words(searchTerm);
    if (!termWords.length) continue;
    diagnoses.push({
      code: dotted(code),
      name: icd.nameOf(code) ?? input.display ?? dotted(code),
      chapter: icd.chapterOf(code)?.title ?? null,
      searchTerm,
      sources: [...input.sources].sort(),
      category,
      termWords,
      excludeWords: (CATEGORY_EXCLUDES[category] ?? []).flatMap(words),
    });
  }
  diagnoses.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  // Codes sort by chapter (its letter leads), so a request mostly holds one chapter's terms.
  const terms = [...new Set(diagnoses.map((d) => d.searchTerm))];
  const queries: string[] = [];
  for (let i = 0; i < terms.length; i += TERMS_PER_SEARCH) {
    const chunk = terms.slice(i, i + TERMS_PER_SEARCH);
    queries.push(chunk.length === 1 ? chunk[0]! : chunk.map((t) => `(${t})`).join(' OR '));
  }
  return { diagnoses, queries };
}

/** Why a study matched the member's diagnoses: its own conditions and MeSH terms (exact), or keywords and parent terms (related). */
export function matchReasons(study: V2Study, diagnoses: readonly SearchedDiagnosis[]): TrialMatchReason[] {
  const p = study.protocolSection ?? {};
  const own = [
    ...(p.conditionsModule?.conditions ?? []),
    ...(study.derivedSection?.conditionBrowseModule?.meshes ?? []).map((m) => m.term ?? ''),
  ].filter(Boolean);
  const related = [
    ...(p.conditionsModule?.keywords ?? []),
    ...(study.derivedSection?.conditionBrowseModule?.ancestors ?? []).map((m) => m.term ?? ''),
  ].filter(Boolean);
  const ownWords = own.map((text) => ({ text, words: new Set(words(text)) }));
  const relatedWords = related.map((text) => ({ text, words: new Set(words(text)) }));
  const reasons: TrialMatchReason[] = [];
  for (const d of diagnoses) {
    // Every word of the term in one and the same condition, keyword or parent term (never gathered across several).
    const has = (c: { words: Set<string> }) => d.termWords.every((w) => c.words.has(w)) && !d.excludeWords.some((w) => c.words.has(w));
    const exact = ownWords.find(has);
    const near = exact ? undefined : relatedWords.find(has);
    if (!exact && !near) continue;
    const strength: TrialMatchReason['strength'] = exact ? 'exact' : 'related';
    const studyCondition = (exact ?? near)!.text;
    reasons.push({
      diagnosisCode: d.code,
      diagnosisName: d.name,
      studyCondition,
      strength,
      text: `your diagnosis ${d.code}, ${asPhrase(d.name)}`,
    });
  }
  return reasons.sort((a, b) => (a.strength === b.strength ? 0 : a.strength === 'exact' ? -1 : 1));
}

/** The nearest site with coordinates, and its distance in miles. */
export function nearestSite(locations: readonly V2Location[], home: GeoPoint): { site: V2Location; miles: number } | null {
  let best: { site: V2Location; miles: number } | null = null;
  for (const site of locations) {
    const { lat, lon } = site.geoPoint ?? {};
    if (typeof lat !== 'number' || typeof lon !== 'number') continue;
    const miles = haversineMiles(home, { lat, lon });
    if (!best || miles < best.miles) best = { site, miles };
  }
  return best;
}

const STATUS_POINTS: Readonly<Record<string, number>> = {
  RECRUITING: 30,
  NOT_YET_RECRUITING: 25,
  ENROLLING_BY_INVITATION: 15,
  ACTIVE_NOT_RECRUITING: 5,
};

/** 0-100: condition match (up to 50), status (up to 30), distance (up to 20, linear to 0 at the radius). */
export function scoreOf(reasons: readonly TrialMatchReason[], status: string, miles: number, radiusMiles: number): number {
  const best = reasons.some((r) => r.strength === 'exact') ? 40 : 25;
  const more = Math.min(10, (reasons.length - 1) * 5);
  const distance = 20 * Math.max(0, 1 - miles / radiusMiles);
  return Math.round(best + more + (STATUS_POINTS[status] ?? 0) + distance);
}

/** Recruiting first, then not yet recruiting, then the rest; within each, by score, then nearest, then NCT ID (stable). */
export function compareTrials(a: ClinicalTrial, b: ClinicalTrial): number {
  const tier = (t: ClinicalTrial) => (t.overallStatus === 'RECRUITING' ? 0 : isRecruitingTrialStatus(t.overallStatus) ? 1 : 2);
  return (
    tier(a) - tier(b) || b.score - a.score || a.distanceMiles - b.distanceMiles || (a.nctId < b.nctId ? -1 : a.nctId > b.nctId ? 1 : 0)
  );
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : []);

export interface MatchContext {
  diagnoses: readonly SearchedDiagnosis[];
  member: MemberFacts;
  home: GeoPoint;
  radiusMiles: number;
  /** YYYY-MM-DD, for ages. */
  today: string;
}

/** A returned study as the member's trial, or null when it does not hold up on our own checks. */
export function toTrial(study: V2Study, context: MatchContext): ClinicalTrial | null {
  const p = study.protocolSection;
  const nctId = text(p?.identificationModule?.nctId);
  const status = text(p?.statusModule?.overallStatus);
  if (!p || !nctId || !status) return null;
  const reasons = matchReasons(study, context.diagnoses);
  if (!reasons.length) return null;
  const near = nearestSite(p.contactsLocationsModule?.locations ?? [], context.home);
  if (!near || near.miles > context.radiusMiles) return null;
  const e = p.eligibilityModule ?? {};
  const eligibility = checkEligibility(e, context.member, context.today);
  if (!eligibility.admitted) return null;
  const interventions = (p.armsInterventionsModule?.interventions ?? []).map((i) => ({
    type: text(i.type),
    name: text(i.name),
    description: text(i.description),
  }));
  const outcome = p.outcomesModule?.primaryOutcomes?.[0];
  const miles = Math.round(near.miles * 10) / 10;
  return {
    nctId,
    briefTitle: text(p.identificationModule?.briefTitle) ?? nctId,
    organization: text(p.identificationModule?.organization?.fullName),
    overallStatus: status,
    conditions: list(p.conditionsModule?.conditions),
    officialTitle: text(p.identificationModule?.officialTitle),
    briefSummary: text(p.descriptionModule?.briefSummary),
    startDate: text(p.statusModule?.startDateStruct?.date),
    primaryCompletionDate: text(p.statusModule?.primaryCompletionDateStruct?.date),
    lastUpdatePostDate: text(p.statusModule?.lastUpdatePostDateStruct?.date),
    detailedDescription: text(p.descriptionModule?.detailedDescription),
    phases: list(p.designModule?.phases),
    eligibilityCriteria: text(e.eligibilityCriteria),
    healthyVolunteers: typeof e.healthyVolunteers === 'boolean' ? e.healthyVolunteers : null,
    sex: text(e.sex),
    minimumAge: text(e.minimumAge),
    maximumAge: text(e.maximumAge),
    stdAges: list(e.stdAges),
    interventionType: interventions[0]?.type ?? null,
    interventionName: interventions[0]?.name ?? null,
    interventionDescription: interventions[0]?.description ?? null,
    interventions,
    primaryOutcomeMeasure: text(outcome?.measure),
    primaryOutcomeTimeFrame: text(outcome?.timeFrame),
    matchReasons: reasons,
    checkedEligibility: eligibility.checks,
    distanceMiles: miles,
    nearestSite: {
      facility: text(near.site.facility),
      city: text(near.site.city),
      state: text(near.site.state),
      zip: text(near.site.zip),
    },
    score: scoreOf(reasons, status, near.miles, context.radiusMiles),
  };
}

/** Studies from every search, de-duplicated by NCT ID, checked, scored and ordered; at most MAX_TRIALS. */
export function rankTrials(studies: readonly V2Study[], context: MatchContext): ClinicalTrial[] {
  const byId = new Map<string, ClinicalTrial>();
  for (const study of studies) {
    const id = study.protocolSection?.identificationModule?.nctId;
    if (!id || byId.has(id)) continue;
    const trial = toTrial(study, context);
    if (trial) byId.set(id, trial);
  }
  return [...byId.values()].sort(compareTrials).slice(0, MAX_TRIALS);
}
