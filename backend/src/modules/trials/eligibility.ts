import type { TrialEligibilityCheck } from '@healthlink/contracts';

/** An age limit as the registry writes it ("18 Years", "6 Months", "2 Weeks", "30 Days", "1 Year"). */
export interface AgeLimit {
  value: number;
  unit: 'years' | 'months' | 'weeks' | 'days' | 'hours' | 'minutes';
  text: string;
}

const AGE = /^\s*(\d+(?:\.\d+)?)\s*(year|month|week|day|hour|minute)s?\s*$/i;

/** "18 Years" -> {18, years}; absent, "N/A" or anything else -> null (no limit). */
export function parseAgeLimit(text: string | null | undefined): AgeLimit | null {
  if (!text) return null;
  const m = AGE.exec(text);
  if (!m) return null;
  return { value: Number(m[1]), unit: `${m[2]!.toLowerCase()}s` as AgeLimit['unit'], text: text.trim() };
}

/** The member's age on `today` in whole units (completed years, months, weeks or days), as limits are read. */
export function ageIn(unit: AgeLimit['unit'], birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
  if (unit === 'years') return Math.floor(months / 12);
  if (unit === 'months') return months;
  const days = Math.floor((Date.UTC(ty, tm - 1, td) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
  if (unit === 'weeks') return Math.floor(days / 7);
  if (unit === 'days') return days;
  // Hours and minutes limits are for newborn studies: a member counts in whole days of 24 hours.
  return unit === 'hours' ? days * 24 : days * 24 * 60;
}

export type MemberSex = 'male' | 'female' | null;

export interface MemberFacts {
  /** YYYY-MM-DD, or null when the profile has none. */
  birthdate: string | null;
  sex: MemberSex;
}

export interface StudyEligibility {
  minimumAge?: string;
  maximumAge?: string;
  sex?: string;
  healthyVolunteers?: boolean;
}

export interface EligibilityOutcome {
  /** False when a checked fact excludes the member (the study is then not shown). */
  admitted: boolean;
  checks: TrialEligibilityCheck[];
}

const SEX_WORDS: Record<string, string> = { ALL: 'All', FEMALE: 'Female', MALE: 'Male' };

/**
 * The study's age, sex and healthy-volunteer limits against the member's record. Age limits are inclusive, read in
 * their own unit ("65 Years" admits a member of 65 years and 11 months). A fact the profile lacks is not checked (the
 * study is kept, the check says what to add); a limit the study does not state admits everyone.
 */
export function checkEligibility(study: StudyEligibility, member: MemberFacts, today: string): EligibilityOutcome {
  const checks: TrialEligibilityCheck[] = [];
  let admitted = true;

  const min = parseAgeLimit(study.minimumAge);
  const max = parseAgeLimit(study.maximumAge);
  const range = min && max ? `${min.text} to ${max.text}` : min ? `${min.text} and older` : max ? `Up to ${max.text}` : 'Not stated';
  if (!min && !max) {
    checks.push({
      criterion: 'age',
      label: 'Age',
      trialValue: range,
      memberValue: member.birthdate ? `${ageIn('years', member.birthdate, today)} years` : 'Not in your profile',
      outcome: 'not-stated',
    });
  } else if (!member.birthdate) {
    checks.push({
      criterion: 'age',
      label: 'Age',
      trialValue: range,
      memberValue: 'Add your birthdate in your profile',
      outcome: 'not-checked',
    });
  } else {
    const fits =
      (!min || ageIn(min.unit, member.birthdate, today) >= min.value) && (!max || ageIn(max.unit, member.birthdate, today) <= max.value);
    if (!fits) admitted = false;
    checks.push({
      criterion: 'age',
      label: 'Age',
      trialValue: range,
      memberValue: `${ageIn('years', member.birthdate, today)} years`,
      outcome: 'meets',
    });
  }

  const sex = (study.sex ?? '').toUpperCase();
  const memberSex = member.sex ? SEX_WORDS[member.sex.toUpperCase()]! : 'Not in your profile';
  if (sex !== 'FEMALE' && sex !== 'MALE') {
    checks.push({
      criterion: 'sex',
      label: 'Sex',
      trialValue: SEX_WORDS[sex] ?? 'Not stated',
      memberValue: memberSex,
      outcome: sex === 'ALL' ? 'meets' : 'not-stated',
    });
  } else if (!member.sex) {
    checks.push({
      criterion: 'sex',
      label: 'Sex',
      trialValue: SEX_WORDS[sex]!,
      memberValue: 'Add your sex in your profile',
      outcome: 'not-checked',
    });
  } else {
    if (member.sex.toUpperCase() !== sex) admitted = false;
    checks.push({ criterion: 'sex', label: 'Sex', trialValue: SEX_WORDS[sex]!, memberValue: memberSex, outcome: 'meets' });
  }

  checks.push({
    criterion: 'healthyVolunteers',
    label: 'Healthy volunteers',
    trialValue:
      study.healthyVolunteers === true
        ? 'Accepts healthy volunteers'
        : study.healthyVolunteers === false
          ? 'Only people with the condition'
          : 'Not stated',
    memberValue: 'You have a matching diagnosis on record',
    outcome: 'note',
  });
  return { admitted, checks };
}

/** FHIR / profile gender -> the sex a study's limit is checked against; anything else is not known. */
export function memberSexOf(gender: string | null | undefined): MemberSex {
  const g = (gender ?? '').trim().toLowerCase();
  return g === 'male' || g === 'm' ? 'male' : g === 'female' || g === 'f' ? 'female' : null;
}
