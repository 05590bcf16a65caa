import { AI_DASHBOARD_CARDS, AI_LIMITS, type AiDashboardItemKey, type ChatMessage, type MedCodeType } from '@healthlink/contracts';
import { isCodeLike, isDiagnosisCode, isNdc11, isProcedureCode } from './code-patterns';

/**
 * What any provider may learn about a member (the PHI rule, issue 18 point 2): codes with their official names, the
 * age in whole years (90 and over as one group), the sex, counts and years. The types carry no name, address, member id
 * or exact date, so no provider can be handed one. An external provider gets `externalFacts` of them only.
 */
export interface CodeFact {
  code: string;
  /** The reference data's official name; null when the code is not in it. */
  officialName: string | null;
}

export interface ProcedureFact extends CodeFact {
  /** Claims that list the code. */
  count: number;
  /** The year of the latest of them (a year at most, never a date). */
  lastYear: number | null;
}

export interface DrugFact {
  ndc: string;
  officialName: string | null;
  lastYear: number | null;
}

export interface MemberFacts {
  /** Whole years, at most AGE_TOP_CODE (which means "90 or older"). */
  ageYears: number | null;
  sex: 'female' | 'male' | null;
  diagnoses: CodeFact[];
  procedures: ProcedureFact[];
  drugs: DrugFact[];
  /** Codes left out of the lists above because they are not of a code's shape or not in the reference data. */
  otherCodes: number;
}

export interface CodeToDefine {
  code: string;
  codeType: MedCodeType;
  officialName: string;
  language: string;
}

/** HIPAA Safe Harbor: ages over 89 are one group, "90 or older"; no exact age above it leaves. */
export const AGE_TOP_CODE = 90;

export const topCodedAge = (years: number): number => Math.min(years, AGE_TOP_CODE);

/**
 * The facts an external provider may get: only codes of a code's shape, at most MAX_CODE_LENGTH characters, that the
 * reference data knows (an official name); any other "code" is insurer text of any length and content, and goes as a
 * count. Idempotent.
 */
export function externalFacts(facts: MemberFacts): MemberFacts {
  const diagnoses = facts.diagnoses.filter((d) => d.officialName !== null && isDiagnosisCode(d.code));
  const procedures = facts.procedures.filter((p) => p.officialName !== null && isProcedureCode(p.code));
  const drugs = facts.drugs.filter((d) => d.officialName !== null && isNdc11(d.ndc));
  const dropped =
    facts.diagnoses.length - diagnoses.length + facts.procedures.length - procedures.length + facts.drugs.length - drugs.length;
  return {
    ageYears: facts.ageYears === null ? null : topCodedAge(facts.ageYears),
    sex: facts.sex,
    diagnoses,
    procedures,
    drugs,
    otherCodes: facts.otherCodes + dropped,
  };
}

/** Whole years between a birthdate (YYYY-MM-DD) and today (YYYY-MM-DD). */
export function ageInYears(birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The staff prompt tester's own text: scrubbed before it leaves for an external provider.

export const REMOVED = '[removed]';
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

/**
 * Dates become their year; anything that looks like an identifier is dropped. In order: e-mail addresses, UUIDs,
 * Medicare Beneficiary Identifiers, labelled ids ("member id: ...", "MRN 123"), SSNs, phone numbers, street
 * addresses, exact dates in every usual form (ISO with or without time, US numeric, month names; a month and year
 * becomes the year, a month and day without a year is removed), then any remaining
 * token of 6+ characters mixing letters and digits, or of 9+ digits, that is not a code (ICD-10-CM, HCPCS/CPT, NDC).
 * Names cannot be told from words: the tester's fields are codes and drug lines, and the README asks staff to type no
 * name.
 */
export function scrubStaffText(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, REMOVED)
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, REMOVED)
    .replace(/\b[1-9][A-Z][A-Z0-9]\d-?[A-Z][A-Z0-9]\d-?[A-Z]{2}\d{2}\b/gi, REMOVED)
    .replace(
      /\b(?:member|subscriber|patient|policy|account|medical record|mrn|beneficiary|mbi|ssn)(?:\s*(?:id|number|no\.?|num|#))?\s*[:#]?\s*[A-Z0-9][A-Z0-9-]{3,}\b/gi,
      REMOVED,
    )
    .replace(/\b\d{3}-\d{2}-\d{4}\b/g, REMOVED)
    .replace(/(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g, REMOVED)
    .replace(
      /\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,4}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|circle|highway|hwy)\b\.?/gi,
      REMOVED,
    )
    .replace(/\b(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g, '$1')
    .replace(/\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g, '$1')
    .replace(/\b\d{1,2}[/.-]\d{1,2}[/.-](\d{4})\b/g, '$1')
    .replace(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2}\b/g, REMOVED)
    .replace(new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'), '$1')
    .replace(new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\.?,?\\s+(\\d{4})\\b`, 'gi'), '$1')
    .replace(new RegExp(`\\b(?:${MONTHS})\\.?,?\\s+(\\d{4})\\b`, 'gi'), '$1')
    .replace(new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi'), REMOVED)
    .replace(new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b\\.?`, 'gi'), REMOVED)
    .replace(/\b(?:0?[1-9]|[12]\d|3[01])\/(?:0?[1-9]|[12]\d|3[01])\b/g, REMOVED)
    .replace(/\b[A-Za-z0-9][A-Za-z0-9.-]*[A-Za-z0-9]\b/g, (token: string, offset: number, whole: string) => {
      const bare = token.toUpperCase();
      if (isCodeLike(bare) || isCodeLike(bare.replace(/-/g, ''))) return token;
      // A 10-digit NDC only where the tester's drug line ("YYYY - NDC", its date already a year) or a label says so.
      if (/^\d{10}$/.test(token) && /(?:ndc[\s:#]*|\d{4} - )$/i.test(whole.slice(Math.max(0, offset - 8), offset))) return token;
      const hasDigit = /\d/.test(token);
      const hasLetter = /[A-Za-z]/.test(token);
      if (hasDigit && hasLetter && token.replace(/[.-]/g, '').length >= 6) return REMOVED;
      if (/^\d[\d-]*$/.test(token) && token.replace(/-/g, '').length >= 9) return REMOVED;
      return token;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Prompts for an external provider, built on the server from the facts alone.

const SYSTEM =
  'You explain health-plan data to patients aged 65 and over in plain, calm words. You give general information, ' +
  'not a diagnosis, and suggest talking with their doctor. Use only the codes given.';

const ageText = (years: number | null): string =>
  years === null ? 'age not known' : years >= AGE_TOP_CODE ? `${AGE_TOP_CODE} or older` : `${years} years old`;

/** The facts as prompt text: what an external provider reads about a member (externalFacts of them only). */
export function describeFacts(memberFacts: MemberFacts): string {
  const facts = externalFacts(memberFacts);
  const lines: string[] = [];
  lines.push(`Patient: ${ageText(facts.ageYears)}, ${facts.sex ?? 'sex not known'}.`);
  const named = (c: CodeFact) => (c.officialName ? `${c.code} (${c.officialName})` : c.code);
  if (facts.diagnoses.length) lines.push(`Diagnosis codes (ICD-10-CM): ${facts.diagnoses.map(named).join('; ')}.`);
  if (facts.procedures.length)
    lines.push(
      `Procedure codes: ${facts.procedures
        .map((p) => `${named(p)}, ${p.count} claim${p.count === 1 ? '' : 's'}${p.lastYear ? `, latest in ${p.lastYear}` : ''}`)
        .join('; ')}.`,
    );
  if (facts.drugs.length)
    lines.push(
      `Drugs (NDC): ${facts.drugs.map((d) => `${named({ code: d.ndc, officialName: d.officialName })}${d.lastYear ? `, ${d.lastYear}` : ''}`).join('; ')}.`,
    );
  if (facts.otherCodes) lines.push(`${facts.otherCodes} other code${facts.otherCodes === 1 ? '' : 's'} not in the reference data.`);
  return lines.join('\n');
}

export const DEFAULT_INSTRUCTIONS: Record<AiDashboardItemKey, string> = {
  symptomMonitoring: `List up to ${AI_LIMITS.symptoms} symptoms this patient should watch for, given the diagnoses. Give each a short title and one or two sentences of details.`,
  recommendedTests: `List up to ${AI_LIMITS.tests} tests or screenings recommended for this patient's age, sex and diagnoses. Give each a short title and one or two sentences of details.`,
  procedures: `Give up to ${AI_LIMITS.procedures} insights about the procedures on this patient's claims. Give each a short title and one or two sentences of details.`,
};

export const SUGGESTIONS_SCHEMA = {
  name: 'suggestions',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'details'],
          properties: { title: { type: 'string' }, details: { type: 'string' } },
        },
      },
    },
  },
} as const;

export const DEFINITION_SCHEMA = {
  name: 'definition',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['term', 'explanation'],
    properties: { term: { type: 'string' }, explanation: { type: 'string' } },
  },
} as const;

export const TIPS_SCHEMA = {
  name: 'medical_tips',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['intro', 'tips', 'outro'],
    properties: {
      intro: { type: 'string' },
      tips: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'description'],
          properties: { title: { type: 'string' }, description: { type: 'string' } },
        },
      },
      outro: { type: 'string' },
    },
  },
} as const;

export function suggestionMessages(item: AiDashboardItemKey, facts: MemberFacts, instructions?: string): ChatMessage[] {
  return [
    { role: 'system', content: `${SYSTEM} ${instructions?.trim() || DEFAULT_INSTRUCTIONS[item]}` },
    { role: 'user', content: `${AI_DASHBOARD_CARDS[item].title}.\n${describeFacts(facts)}` },
  ];
}

export function definitionMessages(code: CodeToDefine): ChatMessage[] {
  const drug = code.codeType === 'drug ndc' ? ' For a drug, define the drug, not the NDC itself.' : '';
  return [
    {
      role: 'system',
      content:
        `${SYSTEM} Define the ${code.codeType} the user gives: "term" in at most ${AI_LIMITS.definitionWords} plain words, then ` +
        `"explanation" in at most ${AI_LIMITS.definitionSentences} sentences.${drug} Answer in the language "${code.language}".`,
    },
    { role: 'user', content: `${code.codeType} ${code.code}: ${code.officialName}` },
  ];
}

export function tipsMessages(facts: MemberFacts): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `${SYSTEM} Write an intro sentence, up to ${AI_LIMITS.symptoms} health tips (a title and a description each) for this patient, and an outro sentence.`,
    },
    { role: 'user', content: describeFacts(facts) },
  ];
}
