/**
 * AI (spec part 2 §2, §3, §4, §5, §7, §8, §9; issue 18): grounded, private answers by default. Shared by the backend's
 * `ai` module and the web (mfe-dashboard's AI dashboard and Medical Tips section, mfe-debug's staff test pages).
 *
 * The provider behind every call is either `offline` (the default: needs no network, sends nothing anywhere, answers
 * from the reference data and the member's own codes) or `openai` (an OpenAI-compatible chat-completions server an
 * operator configured). Every answer names its source. With an external provider, what leaves the server is codes
 * and their official names and ages in whole years: no names, addresses, member ids or exact dates.
 *
 * Who may call what:
 * - patients: aiDashboardItem (built from the caller's own claims; `input` and `instructions` from a patient are not
 *   used), defineMedCode, medicalTips, medicalData;
 * - staff only (403 AUTH.STAFF_ONLY otherwise): createChatCompletionWithInstruction, createChatCompletion, and
 *   aiDashboardItem with their own `input` / `instructions` (the prompt tester).
 */

/** `{aiProvider}` of the spec's paths. */
export const AI_API = '/api/ai';
export const AI_PATHS = {
  createChatCompletionWithInstruction: `${AI_API}/createChatCompletionWithInstruction`,
  createChatCompletion: `${AI_API}/createChatCompletion`,
  aiDashboardItem: `${AI_API}/aiDashboardItem`,
  defineMedCode: `${AI_API}/defineMedCode`,
  /** The member's own codes grouped for Your Medical Data (not in the spec; its paths for these reads are not shown). */
  medicalData: `${AI_API}/medicalData`,
  medicalTips: '/api/medicalTips/getMedicalTipsFromEOB',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Models and prices (part 2 §9)

export const AI_MODELS = ['gpt-4o', 'gpt-4', 'gpt-4.5', 'o3', 'o4-mini', 'gpt-3.5-turbo'] as const;
export type AiModel = (typeof AI_MODELS)[number];
export const DEFAULT_AI_MODEL: AiModel = 'gpt-4o';

/** US dollars per token, input and output (the test tool's table). */
export const AI_MODEL_PRICES: Record<AiModel, { input: number; output: number }> = {
  'gpt-4o': { input: 0.000005, output: 0.000015 },
  'gpt-4': { input: 0.00001, output: 0.00003 },
  'gpt-4.5': { input: 0.00001, output: 0.00003 },
  o3: { input: 0.000005, output: 0.000015 },
  'o4-mini': { input: 0.000003, output: 0.00001 },
  'gpt-3.5-turbo': { input: 0.000001, output: 0.000002 },
};

export const isAiModel = (value: unknown): value is AiModel => (AI_MODELS as readonly unknown[]).includes(value);

/** Cost in dollars of a call's tokens at the model's prices. */
export const aiCallCost = (model: AiModel, inputTokens: number, outputTokens: number): number =>
  inputTokens * AI_MODEL_PRICES[model].input + outputTokens * AI_MODEL_PRICES[model].output;

/** Limits of the prompts (part 2 §9). */
export const AI_LIMITS = { symptoms: 5, tests: 5, procedures: 6, definitionWords: 5, definitionSentences: 2 } as const;

// ---------------------------------------------------------------------------------------------------------------
// What every answer carries

/** Where an answer came from: the offline reference data (named with its date) or the configured external model. */
export interface AiSource {
  provider: 'offline' | 'openai';
  /** e.g. "ICD-10-CM FY2026 (CDC/CMS, 2025-10-01)", "USPSTF A and B recommendations (2026-..)", "gpt-4o". */
  name: string;
  /** YYYY-MM-DD of the reference data, when there is one. */
  asOf: string | null;
}

/** AI usage (part 2 §3) plus the model and its cost from the price table. */
export interface AiUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  output_text: string;
  model: AiModel;
  /** Dollars, from AI_MODEL_PRICES; 0 for the offline provider. */
  cost: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls (part 2 §7)

export interface ChatCompletionWithInstructionRequest {
  instructions: string;
  input: string;
  model?: AiModel;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatCompletionRequest {
  messages: ChatMessage[];
  model?: AiModel;
  temperature?: number;
  max_tokens?: number;
}

/** Both completion calls answer the output text and its usage. */
export interface ChatCompletionResponse {
  output: string;
  usage: AiUsage;
  sources: AiSource[];
}

/** The AI dashboard's suggestion cards (part 2 §2, §4). */
export const AI_DASHBOARD_ITEMS = ['symptomMonitoring', 'recommendedTests', 'procedures'] as const;
export type AiDashboardItemKey = (typeof AI_DASHBOARD_ITEMS)[number];

/** The member data lists a card needs (it is shown only when each is non-empty). */
export type AiDataList = 'drugList' | 'diagnosisCodes' | 'procedureCodes';

export const AI_DASHBOARD_CARDS: Record<AiDashboardItemKey, { title: string; requiredFields: AiDataList[]; limit: number }> = {
  symptomMonitoring: { title: 'Symptom Monitoring', requiredFields: ['diagnosisCodes'], limit: AI_LIMITS.symptoms },
  recommendedTests: { title: 'Recommended Tests', requiredFields: ['diagnosisCodes'], limit: AI_LIMITS.tests },
  procedures: { title: 'Procedures', requiredFields: ['procedureCodes'], limit: AI_LIMITS.procedures },
};

export interface AiDashboardItemRequest {
  itemKey: AiDashboardItemKey;
  /** Staff only (the prompt tester); a patient's card is built from their own claims on the server. */
  input?: string;
  instructions?: string;
  requiredFields?: AiDataList[];
  model?: AiModel;
}

/** AI suggestion (part 2 §3). */
export interface AiSuggestion {
  title: string;
  details: string;
}

export interface AiDashboardItemResponse {
  output: AiSuggestion[];
  sources: AiSource[];
  usage: AiUsage;
}

/** The type labels of defineMedCode (part 2 §7). */
export const MED_CODE_TYPES = ['diagnosis code', 'procedure code', 'drug ndc'] as const;
export type MedCodeType = (typeof MED_CODE_TYPES)[number];

export interface DefineMedCodeRequest {
  code: string;
  codeType: MedCodeType;
  /** BCP 47; 'en' only for the offline provider. */
  language?: string;
  model?: AiModel;
}

/** Code definition response (part 2 §3): at most 5 words, then at most 2 sentences. */
export interface DefineMedCodeResponse {
  output: string;
  /** The plain words (<= 5) and the explanation, as `output` joins them. */
  term: string;
  explanation: string;
  /** The code's official name from the reference data; null for an unknown code. */
  officialName: string | null;
  /** False when the code is not in the reference data: the output says so, nothing is invented. */
  known: boolean;
  source: AiSource;
}

/** One of the member's own codes for Your Medical Data. */
export interface MedicalCodeEntry {
  code: string;
  /** What the claim called it, when it did. */
  display: string | null;
  /** YYYY-MM-DD of the latest claim with the code (shown to the member only; never sent out). */
  lastSeen: string | null;
  /**
   * Only with `?definitions=true`: the code's definition as defineMedCode answers it (the same cache), so that one call
   * defines every code of the member; null when the provider failed for it (the row is then omitted, part 2 §4).
   */
  definition?: DefineMedCodeResponse | null;
}

export interface MedicalDataResponse {
  diagnosisCodes: MedicalCodeEntry[];
  procedureCodes: MedicalCodeEntry[];
  /** NDCs of the member's prescriptions. */
  drugList: MedicalCodeEntry[];
}

/** Medical tips response (part 2 §3). */
export interface MedicalTip {
  title: string;
  description: string;
}

export interface MedicalTipsResponse {
  normalizedResponse: { intro: string; tips: MedicalTip[]; outro?: string };
  sources: AiSource[];
}

// ---------------------------------------------------------------------------------------------------------------
// Texts (part 2 §5, §8)

/** Error types reported for failed AI calls (part 2 §8). */
export const AI_ERROR_TYPES = [
  'OPENAI_FETCH_ERROR',
  'OPENAI_FETCH_EXCEPTION',
  'OPENAI_CHAT_ERROR',
  'OPENAI_CHAT_EXCEPTION',
  'OPENAI_DASHBOARD_ITEM_ERROR',
  'OPENAI_DASHBOARD_ITEM_EXCEPTION',
  'OPENAI_MEDICAL_CODE_ERROR',
  'OPENAI_MEDICAL_CODE_EXCEPTION',
] as const;
export type AiErrorType = (typeof AI_ERROR_TYPES)[number];

export const AiTexts = {
  failed: 'Failed to fetch response from OpenAI.',
  selectAtLeastOneField: 'Please select at least one field to include in the request.',
  instructionsRequired: 'Please enter instructions.',
  unknownCode: (code: string): string => `We could not find the code ${code} in our reference data.`,
} as const;

/** Prompt tester drug lines: "YYYY-MM-DD - NDC" (others are dropped). */
export const PROMPT_TESTER_DRUG_LINE = /^(\d{4}-\d{2}-\d{2}) - (\d{10,11})$/;
