import type {
  AiDashboardItemKey,
  AiDashboardItemRequest,
  AiDashboardItemResponse,
  AiSuggestion,
  DefineMedCodeResponse,
  MedicalCodeEntry,
  MedicalDataResponse,
} from '@healthlink/contracts';
import { http, HttpResponse } from 'msw';
import { server, serveApi, type ApiCall, type ApiHandler, type ApiReply } from '@healthlink/test-support/api-server';

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

/** Every entry of `data` with its definition, as `?definitions=true` answers: `byCode`'s (null: failed), else a plain one. */
export function withDefinitions(data: MedicalDataResponse, byCode: Record<string, DefineMedCodeResponse | null> = {}): MedicalDataResponse {
  const define = (list: MedicalCodeEntry[]) =>
    list.map((item) => ({
      ...item,
      definition: item.code in byCode ? (byCode[item.code] ?? null) : definition(item.code, `Meaning of ${item.code}`),
    }));
  return { diagnosisCodes: define(data.diagnosisCodes), procedureCodes: define(data.procedureCodes), drugList: define(data.drugList) };
}

function toResponse(reply: ApiReply): Response {
  if (reply === 'network-error') return HttpResponse.error();
  return reply.body === undefined
    ? new HttpResponse(null, { status: reply.status })
    : HttpResponse.json(reply.body, { status: reply.status });
}

const answer = async (handler: ApiHandler, call: ApiCall): Promise<ApiReply> => (typeof handler === 'function' ? handler(call) : handler);

/**
 * GET /api/ai/medicalData: `lists` answers the plain read; `definitions` the read with `?definitions=true` (by default,
 * what `lists` answers with every entry given a plain definition). Returns the reads asked, in order
 * ('lists' or 'definitions').
 */
export function serveMedicalData(lists: ApiHandler, definitions?: ApiHandler): ('lists' | 'definitions')[] {
  const asked: ('lists' | 'definitions')[] = [];
  server.use(
    http.get('/api/ai/medicalData', async ({ request }) => {
      const url = new URL(request.url);
      const call: ApiCall = { method: 'GET', path: url.pathname, body: undefined, headers: Object.fromEntries(request.headers.entries()) };
      if (url.searchParams.get('definitions') !== 'true') {
        asked.push('lists');
        return toResponse(await answer(lists, call));
      }
      asked.push('definitions');
      if (definitions) return toResponse(await answer(definitions, call));
      const reply = await answer(lists, call);
      if (reply === 'network-error' || reply.status !== 200) return toResponse(reply);
      return toResponse({ status: 200, body: withDefinitions(reply.body as MedicalDataResponse) });
    }),
  );
  return asked;
}
