import type {
  AiDashboardItemKey,
  AiDashboardItemRequest,
  AiDashboardItemResponse,
  AiSuggestion,
  DefineMedCodeRequest,
  DefineMedCodeResponse,
  MedicalCodeEntry,
  MedicalDataResponse,
} from '@healthlink/contracts';
import { serveApi, type ApiHandler, type ApiReply } from '@healthlink/test-support/api-server';

export const MEDICAL_DATA_KEY = 'GET /api/ai/medicalData';
export const DASHBOARD_ITEM_KEY = 'POST /api/ai/aiDashboardItem';
export const DEFINE_MED_CODE_KEY = 'POST /api/ai/defineMedCode';

export const entry = (code: string, overrides: Partial<MedicalCodeEntry> = {}): MedicalCodeEntry => ({
  code,
  display: null,
  lastSeen: '2025-03-04',
  ...overrides,
});

export function buildMedicalData(overrides: Partial<MedicalDataResponse> = {}): MedicalDataResponse {
  return {
    diagnosisCodes: [entry('E11.9'), entry('I10')],
    procedureCodes: [entry('99213')],
    drugList: [entry('00093721401')],
    ...overrides,
  };
}

const OFFLINE_USAGE = { input_tokens: 0, output_tokens: 0, total_tokens: 0, output_text: '', model: 'gpt-4o', cost: 0 } as const;

export function buildItem(output: AiSuggestion[], sourceName = 'USPSTF A and B recommendations'): AiDashboardItemResponse {
  return { output, sources: [{ provider: 'offline', name: sourceName, asOf: '2026-01-05' }], usage: { ...OFFLINE_USAGE } };
}

export const suggestions = (prefix: string, count: number): AiSuggestion[] =>
  Array.from({ length: count }, (_, index) => ({ title: `${prefix} ${index + 1}`, details: `${prefix} details ${index + 1}.` }));

/** A known code's definition as the offline provider words it. */
export function definition(code: string, term: string, explanation = `${term} explained.`): DefineMedCodeResponse {
  return {
    output: `${term}. ${explanation}`,
    term,
    explanation,
    officialName: `${term} (official)`,
    known: true,
    source: { provider: 'offline', name: 'ICD-10-CM FY2026', asOf: '2025-10-01' },
  };
}

export function unknownDefinition(code: string): DefineMedCodeResponse {
  return {
    output: `We could not find the code ${code} in our reference data.`,
    term: '',
    explanation: '',
    officialName: null,
    known: false,
    source: { provider: 'offline', name: 'ICD-10-CM FY2026', asOf: '2025-10-01' },
  };
}

const ok = (body: unknown): ApiReply => ({ status: 200, body });

/** Every code answered by `byCode` (a reply, or a definition); a code it does not name gets a plain definition. */
export function serveDefinitions(byCode: Record<string, DefineMedCodeResponse | ApiReply> = {}): void {
  serveApi({
    [DEFINE_MED_CODE_KEY]: ({ body }) => {
      const { code } = body as DefineMedCodeRequest;
      const answer = byCode[code];
      if (answer === undefined) return ok(definition(code, `Meaning of ${code}`));
      return typeof answer === 'object' && 'output' in answer ? ok(answer) : (answer as ApiReply);
    },
  });
}

/** aiDashboardItem answers per card (a reply, or suggestions); a card it does not name gets 3 suggestions. */
export function serveItems(byKey: Partial<Record<AiDashboardItemKey, AiDashboardItemResponse | ApiReply>> = {}): void {
  serveApi({
    [DASHBOARD_ITEM_KEY]: ({ body }) => {
      const { itemKey } = body as AiDashboardItemRequest;
      const answer = byKey[itemKey];
      if (answer === undefined) return ok(buildItem(suggestions(itemKey, 3)));
      return typeof answer === 'object' && 'output' in answer ? ok(answer) : (answer as ApiReply);
    },
  });
}

export function serveMedicalData(handler: ApiHandler): void {
  serveApi({ [MEDICAL_DATA_KEY]: handler });
}
