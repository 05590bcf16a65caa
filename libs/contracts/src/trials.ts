/**
 * Clinical trials (spec part 2 §1, §2, §3, §4, §7, §8, §9): the studies of the public registry (ClinicalTrials.gov)
 * that fit the member's own diagnoses, age, sex and home, each with the reason it matched and the eligibility facts
 * that were checked. Shared by the backend (what it answers) and mfe-dashboard (the widget, /clinicalTrials and
 * /clinicalTrialsMore).
 *
 * The flow: `GET /api/clinicalTrials/retrieveClinicalTrials[?radius=N]` answers `{pollingEventID}` at once; polling
 * `GET /api/pollingEvent/{id}` ends with one of
 * - `complete`, response `ClinicalTrialsResult` (the list may be empty: nothing near enough; the web then shows
 *   `ClinicalTrialsTexts.noneNearby` and the radius control),
 * - `missing`, response `ClinicalTrialsMissing` (no diagnoses, or no ZIP in the profile: the reason says which),
 * - `error` or `failed`, response `ClinicalTrialsFailure` (the registry failed or was too slow).
 */
import { invalid, valid, type Parsed } from './parsed';

/** The product's call that starts a search (spec part 2 §7). */
export const CLINICAL_TRIALS_RETRIEVE_PATH = '/api/clinicalTrials/retrieveClinicalTrials';

/** The public registry study page that View Full Trial opens in a new tab. */
export const clinicalTrialRegistryUrl = (nctId: string): string => `https://clinicaltrials.gov/study/${encodeURIComponent(nctId)}`;

// ---------------------------------------------------------------------------------------------------------------
// Statuses (part 2 §4)

/** The status values the spec names. A study may carry another registry value (UNKNOWN, SUSPENDED, ...). */
export const CLINICAL_TRIAL_STATUSES = [
  'RECRUITING',
  'NOT_YET_RECRUITING',
  'COMPLETED',
  'TERMINATED',
  'WITHDRAWN',
  'ACTIVE_NOT_RECRUITING',
] as const;
export type ClinicalTrialStatus = (typeof CLINICAL_TRIAL_STATUSES)[number];

/** Statuses a member can still join; the list puts these first and the dashboard shows only these. */
export const RECRUITING_TRIAL_STATUSES: readonly ClinicalTrialStatus[] = ['RECRUITING', 'NOT_YET_RECRUITING'];

export const isRecruitingTrialStatus = (status: string): boolean => (RECRUITING_TRIAL_STATUSES as readonly string[]).includes(status);

/** How a status is coloured (always next to its word, never colour alone). */
export type TrialStatusTone = 'green' | 'accent' | 'red' | 'default';

export function trialStatusTone(status: string): TrialStatusTone {
  switch (status) {
    case 'RECRUITING':
      return 'green';
    case 'NOT_YET_RECRUITING':
      return 'accent';
    case 'COMPLETED':
    case 'TERMINATED':
    case 'WITHDRAWN':
    case 'ACTIVE_NOT_RECRUITING':
      return 'red';
    default:
      return 'default';
  }
}

/** "NOT_YET_RECRUITING" -> "Not Yet Recruiting" (title-cased with spaces). */
export const trialStatusLabel = (status: string): string =>
  status
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

// ---------------------------------------------------------------------------------------------------------------
// Constants (part 2 §9) and the radius

/** Trials shown on /clinicalTrials at first, and added by each Load more. */
export const TRIALS_PAGE_SIZE = 5;
/** Recruiting trials shown on the dashboard card. */
export const TRIALS_DASHBOARD_COUNT = 3;

/** How far from the member's ZIP a study site may be, unless the member picks another distance. */
export const DEFAULT_TRIAL_RADIUS_MILES = 100;
export const MIN_TRIAL_RADIUS_MILES = 1;
export const MAX_TRIAL_RADIUS_MILES = 500;
/** Distances the web offers in its radius control (any whole number in range is accepted by the API). */
export const TRIAL_RADIUS_CHOICES_MILES = [25, 50, 100, 250, 500] as const;

/** The query string of retrieveClinicalTrials: `?radius=50` (whole miles); absent means the default. */
export interface RetrieveClinicalTrialsQuery {
  radius?: string | null;
}

/** Texts of the clinical-trials widget and pages, word for word where the spec gives them (part 2 §8). */
export const ClinicalTrialsTexts = {
  /** The widget's failure line (spec). */
  widgetFailed: 'Something went wrong with fetching your Clinical Trials. Please try again later.',
  /** What the fetch throws on a failed poll (spec). */
  fetchError: 'Error fetching clinical trials',
  /** `missing`, reason no-zip. */
  missingZip: 'Add your ZIP code in your profile to find trials near you.',
  /** `missing`, reason unknown-zip: the profile's ZIP is not one we can place on a map. */
  missingUnknownZip: 'We could not find your ZIP code on the map. Check the ZIP code in your profile to find trials near you.',
  /** `missing`, reason no-diagnoses. */
  missingDiagnoses:
    'We need at least one diagnosis from your records to look for trials. Link your insurance company so we can find trials that fit you.',
  /** `missing`, both absent. */
  missingZipAndDiagnoses:
    'Link your insurance company and add your ZIP code in your profile so we can find trials near you that fit your diagnoses.',
  /** `complete` with an empty list. */
  noneNearby: 'No recruiting or past clinical trials near you matched your diagnoses. Try a larger distance.',
  /** The radius query's 400 message. */
  radiusInvalid: `radius must be a whole number of miles from ${MIN_TRIAL_RADIUS_MILES} to ${MAX_TRIAL_RADIUS_MILES}`,
  /** A line under the list: statuses are the registry's as of `asOf`, not live. */
  statusAsOf: (asOf: string): string =>
    `Trial statuses are as ClinicalTrials.gov listed them on ${asOf}; confirm with the study team before you rely on them.`,
  /** A line under the list: this is a pre-screen, not an enrolment decision. */
  preScreenNote:
    'We checked the facts we know (diagnoses, age, sex, distance). Each study team decides who can take part using its full criteria.',
} as const;

/** `?radius=` -> whole miles; absent or blank means DEFAULT_TRIAL_RADIUS_MILES. The server answers 400 with this problem. */
export function parseTrialRadius(value: string | null | undefined): Parsed<number, 'radius'> {
  if (value == null || value.trim() === '') return valid(DEFAULT_TRIAL_RADIUS_MILES);
  const text = value.trim();
  if (!/^\d{1,3}$/.test(text)) return invalid('radius', ClinicalTrialsTexts.radiusInvalid);
  const miles = Number(text);
  return miles >= MIN_TRIAL_RADIUS_MILES && miles <= MAX_TRIAL_RADIUS_MILES
    ? valid(miles)
    : invalid('radius', ClinicalTrialsTexts.radiusInvalid);
}

// ---------------------------------------------------------------------------------------------------------------
// The list (polled response)

/** Where a diagnosis came from in the member's records. */
export type TrialDiagnosisSource = 'condition' | 'claim';

/** One of the member's diagnoses that was searched. */
export interface TrialSearchedDiagnosis {
  /** ICD-10-CM with its dot, e.g. "E11.9". */
  code: string;
  /** The official ICD-10-CM name, e.g. "Type 2 diabetes mellitus without complications"; the record's own text when the code is unknown. */
  name: string;
  /** The ICD-10-CM chapter title, e.g. "Endocrine, nutritional and metabolic diseases"; null when the code is unknown. */
  chapter: string | null;
  /** The condition name sent to the registry (registry wording for the category, e.g. "type 2 diabetes"). */
  searchTerm: string;
  sources: TrialDiagnosisSource[];
}

/** Why a trial matched: one of the member's diagnoses and the study condition it matched. */
export interface TrialMatchReason {
  diagnosisCode: string;
  diagnosisName: string;
  /** The study's condition, MeSH term, keyword or parent term that matched, e.g. "Diabetes Mellitus, Type 2". */
  studyCondition: string;
  /** exact: a condition or MeSH term of the study names the disease; related: only a keyword or parent term does. */
  strength: 'exact' | 'related';
  /** Ready to show: "your diagnosis E11.9, type 2 diabetes mellitus without complications". */
  text: string;
}

/**
 * One eligibility fact that was checked against the member's record. Trials returned always admit the member on
 * the checked facts (`meets`, `not-stated`), or could not be checked (`not-checked`: the profile has no birthdate or
 * sex; the trial is kept and the line says what to add); `note` is information only (healthy volunteers).
 */
export interface TrialEligibilityCheck {
  criterion: 'age' | 'sex' | 'healthyVolunteers';
  /** e.g. "Age", "Sex", "Healthy volunteers". */
  label: string;
  /** What the study asks, e.g. "18 Years to 75 Years", "All", "Accepts healthy volunteers"; "Not stated" when absent. */
  trialValue: string;
  /** The member's value, e.g. "54 years", "Female"; for healthyVolunteers "You have a matching diagnosis on record". */
  memberValue: string;
  /** meets: checked and admitted; not-stated: the study sets no such limit; not-checked: we do not know the member's value; note: information only. */
  outcome: 'meets' | 'not-stated' | 'not-checked' | 'note';
}

/** The study site nearest the member's ZIP. */
export interface TrialNearestSite {
  facility: string | null;
  city: string | null;
  /** As the registry writes it (usually the state's name, e.g. "Maryland"). */
  state: string | null;
  zip: string | null;
}

/** One intervention of the study. */
export interface TrialIntervention {
  type: string | null;
  name: string | null;
  description: string | null;
}

/**
 * A clinical trial (spec part 2 §3): the list fields, every field of the /clinicalTrialsMore route, and why it matched.
 * Text fields the registry leaves out are null; list fields are empty.
 */
export interface ClinicalTrial {
  nctId: string;
  briefTitle: string;
  /** The responsible organization's full name. */
  organization: string | null;
  /** A registry status value (see CLINICAL_TRIAL_STATUSES; others possible). */
  overallStatus: string;
  conditions: string[];
  officialTitle: string | null;
  briefSummary: string | null;
  /** YYYY-MM or YYYY-MM-DD as the registry gives it. */
  startDate: string | null;
  primaryCompletionDate: string | null;
  lastUpdatePostDate: string | null;
  detailedDescription: string | null;
  /** e.g. ["PHASE2", "PHASE3"], ["NA"]. */
  phases: string[];
  eligibilityCriteria: string | null;
  /** null when the registry does not say. */
  healthyVolunteers: boolean | null;
  /** ALL, FEMALE or MALE; null when not stated. */
  sex: string | null;
  /** e.g. "18 Years"; null when none. */
  minimumAge: string | null;
  /** e.g. "75 Years"; null when none (not a route parameter; shown inside checkedEligibility). */
  maximumAge: string | null;
  /** CHILD, ADULT, OLDER_ADULT. */
  stdAges: string[];
  /** The first intervention's type, name and description (the route's single values); all are in `interventions`. */
  interventionType: string | null;
  interventionName: string | null;
  interventionDescription: string | null;
  interventions: TrialIntervention[];
  /** The first primary outcome. */
  primaryOutcomeMeasure: string | null;
  primaryOutcomeTimeFrame: string | null;

  /** Why it matched; at least one. */
  matchReasons: TrialMatchReason[];
  checkedEligibility: TrialEligibilityCheck[];
  /** Miles from the member's ZIP centre to the nearest site, 1 decimal. */
  distanceMiles: number;
  nearestSite: TrialNearestSite;
  /** 0-100: condition match, recruiting first, distance. The list is sorted by it (recruiting always first). */
  score: number;
}

/**
 * `complete`: the matched trials, best first, recruiting before the others.
 *
 * Spec part 2 §7 calls the polled response a "list of trials"; this is that list inside an object, on purpose: the
 * date of the registry data (`asOf`), the radius and ZIP it was searched from and the diagnoses searched must travel
 * with it, so the web never shows a list without the day and place it holds for (a bare array could not carry them).
 */
export interface ClinicalTrialsResult {
  trials: ClinicalTrial[];
  /** YYYY-MM-DD: the date of the study data the registry reported (a snapshot date for the sandbox), never "live". */
  asOf: string;
  radiusMiles: number;
  /** The member's 5-digit ZIP the distance is measured from. */
  zip: string;
  diagnosesSearched: TrialSearchedDiagnosis[];
  /** ISO time the match was computed (the list is cached until the member's data, ZIP or radius change). */
  computedAt: string;
}

export type ClinicalTrialsMissingReason = 'no-zip' | 'unknown-zip' | 'no-diagnoses' | 'no-zip-and-diagnoses';

/** `missing`: what is missing and the line to show; the web links to the profile (no ZIP) or /insuranceSelect. */
export interface ClinicalTrialsMissing {
  reason: ClinicalTrialsMissingReason;
  message: string;
  radiusMiles: number;
}

/** `error` / `failed`: the spec's widget text. */
export interface ClinicalTrialsFailure {
  message: string;
}
