import { AI_LIMITS, AiTexts, type AiSuggestion, type MedicalTip } from '@healthlink/contracts';
import type { IcdNames, HcpcsNames, MedlineTopic, UspstfRecommendation } from './reference/ai-reference';
import type { CodeFact, MemberFacts, ProcedureFact } from './member-facts';

/**
 * The offline provider's knowledge: every sentence it shows is a sentence of a named source (MedlinePlus, USPSTF), an
 * official code name (ICD-10-CM, HCPCS, RxNorm), or a plain restatement of the member's own codes. Nothing clinical is
 * written here.
 */

/** A definition before it is cached and answered. */
export interface CodeDefinition {
  term: string;
  explanation: string;
  officialName: string | null;
  known: boolean;
  /** Which reference answered: the dataset key of DATASETS, or 'rxnorm'. */
  sourceKeys: string[];
}

const MAX_TERM_WORDS = AI_LIMITS.definitionWords;
const MAX_SENTENCES = AI_LIMITS.definitionSentences;
/** Words a shortened name must not end on ("Type 2 diabetes mellitus without"). */
const DANGLING = new Set([
  'of',
  'and',
  'or',
  'with',
  'without',
  'due',
  'to',
  'in',
  'on',
  'for',
  'the',
  'a',
  'an',
  'by',
  'other',
  'not',
  'at',
]);

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Splits text into sentences, also where the source ran two together ("years.See the ..."). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/([a-z0-9)][.!?])(?=[A-Z])/g, '$1 ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** MedlinePlus writes lists inline as " - item - item": shown as "…: item; item". */
export function tidyBullets(sentence: string): string {
  let first = true;
  return sentence.replace(/\s+-\s+/g, () => {
    const sep = first ? ': ' : '; ';
    first = false;
    return sep;
  });
}

/** At most `max` characters, cut at a list or word boundary, with an ellipsis when cut. */
export function clip(text: string, max = 400): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const at = Math.max(cut.lastIndexOf('; '), cut.lastIndexOf(', '), cut.lastIndexOf(' '));
  return `${cut.slice(0, at > max / 2 ? at : max).trimEnd()}…`;
}

/** Plain words (at most 5) for a name: the name itself when short, else its first words without a dangling end. */
export function shortTerm(name: string): string {
  const all = words(name.replace(/\s*\([^)]*\)/g, '').replace(/,.*$/, ''));
  let kept = all.slice(0, MAX_TERM_WORDS);
  while (kept.length > 1 && DANGLING.has(kept[kept.length - 1]!.toLowerCase())) kept = kept.slice(0, -1);
  return kept.join(' ') || words(name).slice(0, MAX_TERM_WORDS).join(' ');
}

const stem = (word: string): string =>
  word.length > 4 && word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
const normal = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(stem);

/** Matches code names to MedlinePlus topics by their titles and "also called" names (whole words, longest first). */
export class TopicIndex {
  private readonly phrases: { words: string[]; topic: MedlineTopic; disease: boolean }[];

  constructor(topics: readonly MedlineTopic[]) {
    this.phrases = topics
      .flatMap((topic) =>
        [topic.title, ...topic.synonyms]
          // Abbreviations ("ALL", "AD") would match ordinary words.
          .filter((phrase) => phrase.length >= 4 && phrase !== phrase.toUpperCase())
          .map((phrase) => ({ words: normal(phrase), topic, disease: topic.category === 'Disease' })),
      )
      .filter((p) => p.words.length > 0)
      .sort(
        (a, b) =>
          b.words.length - a.words.length || Number(b.disease) - Number(a.disease) || b.words.join(' ').length - a.words.join(' ').length,
      );
  }

  /** The topic whose longest phrase appears in the name, or null. */
  match(name: string): MedlineTopic | null {
    const text = ` ${normal(name).join(' ')} `;
    for (const phrase of this.phrases) if (text.includes(` ${phrase.words.join(' ')} `)) return phrase.topic;
    return null;
  }
}

/** The reference tables the knowledge reads (loaded once; see AiReferenceData). */
export interface OfflineReference {
  icd: IcdNames;
  hcpcs: HcpcsNames;
  uspstf: readonly UspstfRecommendation[];
  topics: TopicIndex;
}

/** Upper case, without dots or spaces (E11.9 -> E119), as the code tables write codes. */
export const canonicalCode = (code: string): string => code.trim().toUpperCase().replace(/[.\s]/g, '');

export function unknownDefinition(code: string): CodeDefinition {
  const text = AiTexts.unknownCode(code);
  return { term: 'Unknown code', explanation: text, officialName: null, known: false, sourceKeys: [] };
}

/** A topic for an ICD-10-CM code: by its own name, else the nearest ancestor's. */
function topicOfDiagnosis(ref: OfflineReference, code: string, name: string): MedlineTopic | null {
  for (const candidate of [name, ...ref.icd.ancestorsOf(code)]) {
    const topic = ref.topics.match(candidate);
    if (topic) return topic;
  }
  return null;
}

/** At most two sentences: the official name, then (when there is room) the topic summary's first sentence. */
function explanationOf(official: string, label: string, topic: MedlineTopic | null): string {
  const sentences = [`${label}: ${official.replace(/\.$/, '')}.`];
  const first = topic ? sentencesOf(topic.summary)[0] : undefined;
  if (first && sentences.length < MAX_SENTENCES) sentences.push(clip(tidyBullets(first), 300));
  return sentences.join(' ');
}

export function defineDiagnosis(ref: OfflineReference, rawCode: string): CodeDefinition {
  const code = canonicalCode(rawCode);
  const name = ref.icd.nameOf(code);
  if (!name) return unknownDefinition(rawCode.trim());
  const topic = topicOfDiagnosis(ref, code, name);
  return {
    term: topic && words(topic.title).length <= MAX_TERM_WORDS ? topic.title : shortTerm(name),
    explanation: explanationOf(name, `ICD-10-CM ${rawCode.trim().toUpperCase()}`, topic),
    officialName: name,
    known: true,
    sourceKeys: topic ? ['icd10cm', 'medlineplus'] : ['icd10cm'],
  };
}

export function defineProcedure(ref: OfflineReference, rawCode: string): CodeDefinition {
  const code = canonicalCode(rawCode);
  const hcpcs = ref.hcpcs.get(code);
  if (!hcpcs) return unknownDefinition(rawCode.trim());
  const topic = ref.topics.match(hcpcs.longName);
  const term = topic && words(topic.title).length <= MAX_TERM_WORDS ? topic.title : shortTerm(hcpcs.shortName || hcpcs.longName);
  return {
    term,
    explanation: explanationOf(hcpcs.longName, `HCPCS ${code}`, topic),
    officialName: hcpcs.longName,
    known: true,
    sourceKeys: topic ? ['hcpcs', 'medlineplus'] : ['hcpcs'],
  };
}

/** A drug as the drug directory names it (ndc_drugs + RxNorm). */
export interface DrugFacts {
  ndc11: string;
  rxcui: string;
  /** The RxNorm name of the NDC's drug (e.g. "atorvastatin 20 MG Oral Tablet"); null when RxNorm lacks it. */
  name: string | null;
  ingredients: string[];
}

export function defineDrug(ndc: string, drug: DrugFacts | null): CodeDefinition {
  if (!drug || (!drug.name && drug.ingredients.length === 0)) return unknownDefinition(ndc);
  const ingredients = drug.ingredients.map((i) => i.toLowerCase());
  const named = drug.name ?? ingredients.join(' / ');
  const term = ingredients.length ? shortTerm(ingredients.map((i) => i[0]!.toUpperCase() + i.slice(1)).join(' and ')) : shortTerm(named);
  const sentences = [`RxNorm ${drug.rxcui}: ${named}.`];
  if (ingredients.length) sentences.push(`Active ingredient${ingredients.length > 1 ? 's' : ''}: ${ingredients.join(', ')}.`);
  return { term, explanation: sentences.slice(0, MAX_SENTENCES).join(' '), officialName: named, known: true, sourceKeys: ['rxnorm'] };
}

// ---------------------------------------------------------------------------------------------------------------
// Suggestion cards and tips

/** Recommendation rows that name a group we cannot tell from the record (risk, history, sexual activity, smoking). */
const NEEDS_MORE_THAN_AGE_AND_SEX =
  /increased risk|risk factors|sexually active|ever smoked|personal or family history|pregnan(t|cy) (persons|women)$/i;

/**
 * USPSTF grade A and B screenings whose population is set by age and sex alone and admits the member: grade A first,
 * then B, in the Task Force's order. Title "Topic: Service", details the recommendation's first sentence and grade.
 */
export function recommendedTests(
  ref: OfflineReference,
  facts: Pick<MemberFacts, 'ageYears' | 'sex'>,
  limit: number = AI_LIMITS.tests,
): AiSuggestion[] {
  const { ageYears, sex } = facts;
  if (ageYears === null) return [];
  return ref.uspstf
    .filter(
      (r) =>
        /screening/i.test(r.serviceType) &&
        !r.riskGroup &&
        !r.bmiGroup &&
        !NEEDS_MORE_THAN_AGE_AND_SEX.test(r.population) &&
        (r.sex === 'all' || r.sex === sex) &&
        ageYears >= r.ageMin &&
        ageYears <= r.ageMax,
    )
    .sort((a, b) => a.grade.localeCompare(b.grade) || Number(a.id.replace(/\D/g, '')) - Number(b.id.replace(/\D/g, '')))
    .slice(0, limit)
    .map((r) => ({
      title: `${r.topic}: ${r.serviceType}`,
      details: `${clip(sentencesOf(r.recommendation)[0] ?? r.recommendation, 400)} (USPSTF grade ${r.grade}${r.releaseDate ? `, ${r.releaseDate}` : ''}.)`,
    }));
}

/** The summary sentence that speaks of symptoms or signs, else its first sentence. */
function watchSentence(topic: MedlineTopic): string {
  const sentences = sentencesOf(topic.summary);
  const symptom = sentences.find((s) => /\b(symptoms?|signs?|warning)\b/i.test(s));
  return clip(tidyBullets(symptom ?? sentences[0] ?? topic.summary), 400);
}

/** One card per MedlinePlus topic the member's diagnoses match (the code's own name, else its ancestors'). */
export function symptomMonitoring(
  ref: OfflineReference,
  diagnoses: readonly CodeFact[],
  limit: number = AI_LIMITS.symptoms,
): AiSuggestion[] {
  const seen = new Set<string>();
  const out: AiSuggestion[] = [];
  for (const d of diagnoses) {
    const code = canonicalCode(d.code);
    const name = ref.icd.nameOf(code);
    if (!name) continue;
    const topic = topicOfDiagnosis(ref, code, name);
    if (!topic || seen.has(topic.id)) continue;
    seen.add(topic.id);
    out.push({ title: `${topic.title} (${d.code})`, details: watchSentence(topic) });
    if (out.length >= limit) break;
  }
  return out;
}

/** The member's procedures, most frequent first: the official name and a restatement of the claims that carry it. */
export function procedureInsights(
  ref: OfflineReference,
  procedures: readonly ProcedureFact[],
  limit: number = AI_LIMITS.procedures,
): AiSuggestion[] {
  return [...procedures]
    .sort((a, b) => b.count - a.count || (b.lastYear ?? 0) - (a.lastYear ?? 0) || a.code.localeCompare(b.code))
    .slice(0, limit)
    .map((p) => {
      const hcpcs = ref.hcpcs.get(canonicalCode(p.code));
      const name = hcpcs?.longName ?? p.officialName;
      const times = p.count === 1 ? 'once' : `${p.count} times`;
      const when = p.lastYear ? `, most recently in ${p.lastYear}` : '';
      return {
        title: name ? `${shortTerm(hcpcs?.shortName || name)} (${p.code})` : `Procedure code ${p.code}`,
        details: `${name ? `${hcpcs ? 'HCPCS' : 'Your claim'}: ${name.replace(/\.$/, '')}. ` : ''}Your claims list this code ${times}${when}.`,
      };
    });
}

/** Medical tips: what MedlinePlus says of the topics of the member's diagnoses. */
export function medicalTips(ref: OfflineReference, diagnoses: readonly CodeFact[]): { intro: string; tips: MedicalTip[]; outro: string } {
  const tips: MedicalTip[] = [];
  const seen = new Set<string>();
  for (const d of diagnoses) {
    const code = canonicalCode(d.code);
    const name = ref.icd.nameOf(code);
    const topic = name ? topicOfDiagnosis(ref, code, name) : null;
    if (!topic || seen.has(topic.id)) continue;
    seen.add(topic.id);
    tips.push({ title: topic.title, description: clip(tidyBullets(sentencesOf(topic.summary).slice(0, 2).join(' ')), 500) });
    if (tips.length >= AI_LIMITS.symptoms) break;
  }
  const intro = tips.length
    ? 'Here is what MedlinePlus, from the U.S. National Library of Medicine, says about the conditions on your claims.'
    : diagnoses.length
      ? 'We have no MedlinePlus topic for the diagnosis codes on your claims yet.'
      : 'We found no diagnosis codes on your claims yet. Link an insurer to see tips here.';
  return { intro, tips, outro: 'This is general information, not medical advice. Talk with your doctor about your own care.' };
}
