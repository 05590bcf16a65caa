import {
  AI_DASHBOARD_CARDS,
  AI_DASHBOARD_ITEMS,
  AiTexts,
  PROMPT_TESTER_DRUG_LINE,
  type AiDashboardItemKey,
  type AiDataList,
} from '@healthlink/contracts';
import { DEFAULT_INSTRUCTIONS, TESTER_FIELDS, type TesterField } from './ai-test-texts';
import { visitLine, type VisitRow } from './visits';

export interface DrugLine {
  date: string;
  ndc: string;
}

/** Part 2 §5: drug lines must read "YYYY-MM-DD - NDC"; the others are dropped (and counted, to say so). */
export function parseDrugLines(text: string): { drugs: DrugLine[]; dropped: number } {
  const drugs: DrugLine[] = [];
  let dropped = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = PROMPT_TESTER_DRUG_LINE.exec(line);
    if (match) drugs.push({ date: match[1] as string, ndc: match[2] as string });
    else dropped += 1;
  }
  return { drugs, dropped };
}

/** Part 2 §3, §5: code lists are comma separated; blanks and repeats are left out. */
export function parseCodeList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}

export interface TesterValues {
  itemKey: AiDashboardItemKey;
  instructions: string;
  include: Record<TesterField, boolean>;
  drugs: string;
  diagnoses: string;
  procedures: string;
}

/** The text of `input`: the ticked lists, one section each, as aiDashboardItem expects (part 2 §7). */
export function buildInput(values: TesterValues, visits: readonly VisitRow[]): string {
  const sections: string[] = [];
  if (values.include.procedures) sections.push(`Procedures: ${parseCodeList(values.procedures).join(', ') || 'none'}`);
  if (values.include.diagnoses) sections.push(`Diagnoses: ${parseCodeList(values.diagnoses).join(', ') || 'none'}`);
  if (values.include.drugs) {
    const { drugs } = parseDrugLines(values.drugs);
    sections.push(['Medications (prescribed date - NDC):', ...drugs.map((drug) => `${drug.date} - ${drug.ndc}`)].join('\n'));
  }
  if (values.include.visits) sections.push(['Visits:', ...visits.map(visitLine)].join('\n'));
  return sections.join('\n\n');
}

const LIST_OF: Partial<Record<TesterField, AiDataList>> = { drugs: 'drugList', diagnoses: 'diagnosisCodes', procedures: 'procedureCodes' };
const FIELD_OF: Record<AiDataList, TesterField> = { drugList: 'drugs', diagnosisCodes: 'diagnoses', procedureCodes: 'procedures' };

/** The data lists the request names as required: the ticked ones (visits have no list of their own). */
export function requiredFieldsOf(include: Record<TesterField, boolean>): AiDataList[] {
  return TESTER_FIELDS.flatMap((field) => {
    const list = LIST_OF[field];
    return include[field] && list ? [list] : [];
  });
}

/** Part 2 §5: instructions required; at least one of drugs, diagnoses, procedures, visits ticked. */
export function testerProblem(values: TesterValues): { field: 'instructions' | 'include'; message: string } | null {
  if (!values.instructions.trim()) return { field: 'instructions', message: AiTexts.instructionsRequired };
  if (!TESTER_FIELDS.some((field) => values.include[field])) return { field: 'include', message: AiTexts.selectAtLeastOneField };
  return null;
}

export const isItemKey = (value: string | undefined): value is AiDashboardItemKey =>
  (AI_DASHBOARD_ITEMS as readonly string[]).includes(value ?? '');

const noneTicked = (): Record<TesterField, boolean> => ({ drugs: false, diagnoses: false, procedures: false, visits: false });

/**
 * The form's first values, chosen by /open-ai/{query} (part 2 §2): a card's key ("symptomMonitoring",
 * "recommendedTests", "procedures") fills that card's instructions and ticks its data lists; anything else, or
 * no query, starts empty.
 */
export function presetFor(query: string | undefined): TesterValues {
  if (!isItemKey(query)) {
    return { itemKey: AI_DASHBOARD_ITEMS[0], instructions: '', include: noneTicked(), drugs: '', diagnoses: '', procedures: '' };
  }
  const include = noneTicked();
  for (const list of AI_DASHBOARD_CARDS[query].requiredFields) include[FIELD_OF[list]] = true;
  return { itemKey: query, instructions: DEFAULT_INSTRUCTIONS[query], include, drugs: '', diagnoses: '', procedures: '' };
}
