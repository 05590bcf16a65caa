import { formatDate } from '../../../components/date/format-date';
import { statusWords } from './trial-status';

// ClinicalTrials.gov writes its enumerations in upper snake case; the member reads words.
const PHASES: Record<string, string> = {
  EARLY_PHASE1: 'Early Phase 1',
  PHASE1: 'Phase 1',
  PHASE2: 'Phase 2',
  PHASE3: 'Phase 3',
  PHASE4: 'Phase 4',
  NA: 'Not applicable',
};

/** "PHASE2" -> "Phase 2", "NA" -> "Not applicable"; an unknown value is title-cased. */
export const phaseWords = (phase: string): string => PHASES[phase.trim().toUpperCase()] ?? statusWords(phase);

// ClinicalTrials.gov's age groups (CHILD under 18, ADULT 18 to 64, OLDER_ADULT 65 and over).
const AGE_GROUPS: Record<string, string> = {
  CHILD: 'Child (under 18)',
  ADULT: 'Adult (18 to 64)',
  OLDER_ADULT: 'Older adult (65 and over)',
};

export const ageGroupWords = (group: string): string => AGE_GROUPS[group.trim().toUpperCase()] ?? statusWords(group);

const SEXES: Record<string, string> = { ALL: 'All', FEMALE: 'Female', MALE: 'Male' };

export const sexWords = (sex: string): string => SEXES[sex.trim().toUpperCase()] ?? sex;

/** "DIETARY_SUPPLEMENT" -> "Dietary Supplement". */
export const interventionTypeWords = (type: string): string => statusWords(type);

const monthFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** Study dates are a day ("2024-03-05" -> "Mar 5, 2024") or only a month ("2023-06" -> "June 2023"). */
export function formatStudyDate(value: string | null | undefined): string {
  const match = value ? YEAR_MONTH.exec(value.trim()) : null;
  if (match) {
    const month = Number(match[2]);
    if (month >= 1 && month <= 12) return monthFormat.format(new Date(Date.UTC(Number(match[1]), month - 1, 1)));
  }
  return formatDate(value);
}

/** Distances in whole miles ("Under 1 mile" for a site in the member's own ZIP area). */
export function formatMiles(miles: number): string {
  if (miles < 1) return 'Under 1 mile';
  const rounded = Math.round(miles);
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'mile' : 'miles'}`;
}
