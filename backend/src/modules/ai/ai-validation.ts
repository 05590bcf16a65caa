import {
  AI_DASHBOARD_ITEMS,
  AI_MODELS,
  AiTexts,
  MED_CODE_TYPES,
  isAiModel,
  type AiDashboardItemKey,
  type AiDataList,
  type AiModel,
  type ApiFieldError,
  type ChatMessage,
  type MedCodeType,
} from '@healthlink/contracts';
import { AiError } from './ai.errors';
import { MAX_CODE_LENGTH } from './code-patterns';

/** Longest instructions, input or message content (characters). */
export const MAX_TEXT_LENGTH = 20_000;
export const MAX_MESSAGES = 50;
const DATA_LISTS: readonly AiDataList[] = ['drugList', 'diagnosisCodes', 'procedureCodes'];
const ROLES = ['system', 'user', 'assistant'];

/** Collects every problem of a body, then throws them at once (400 AI.VALIDATION). */
class Problems {
  readonly list: ApiFieldError[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
  throwIfAny(): void {
    if (this.list.length) throw AiError.invalid(this.list);
  }
}

function model(body: Record<string, unknown>, problems: Problems, fallback: AiModel): AiModel {
  const value = body.model;
  if (value === undefined || value === null || value === '') return fallback;
  if (!isAiModel(value)) {
    problems.add('model', `model must be one of ${AI_MODELS.join(', ')}`);
    return fallback;
  }
  return value;
}

function text(body: Record<string, unknown>, field: string, problems: Problems, required: string | null): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) problems.add(field, required);
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.add(field, `${field} must be text`);
    return undefined;
  }
  if (value.length > MAX_TEXT_LENGTH) {
    problems.add(field, `${field} must be at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters`);
    return undefined;
  }
  if (required && !value.trim()) {
    problems.add(field, required);
    return undefined;
  }
  return value;
}

const asBody = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export function parseWithInstruction(raw: unknown, fallback: AiModel): { instructions: string; input: string; model: AiModel } {
  const body = asBody(raw);
  const problems = new Problems();
  const instructions = text(body, 'instructions', problems, AiTexts.instructionsRequired);
  const input = text(body, 'input', problems, null) ?? '';
  const chosen = model(body, problems, fallback);
  problems.throwIfAny();
  return { instructions: instructions!, input, model: chosen };
}

export function parseChat(
  raw: unknown,
  fallback: AiModel,
): { messages: ChatMessage[]; model: AiModel; temperature?: number; maxTokens?: number } {
  const body = asBody(raw);
  const problems = new Problems();
  const messages: ChatMessage[] = [];
  if (!Array.isArray(body.messages) || body.messages.length === 0) problems.add('messages', 'messages must be a list of 1 to 50 messages');
  else if (body.messages.length > MAX_MESSAGES) problems.add('messages', `messages must hold at most ${MAX_MESSAGES} messages`);
  else
    body.messages.forEach((m: unknown, i) => {
      const message = asBody(m);
      if (typeof message.role !== 'string' || !ROLES.includes(message.role))
        problems.add(`messages[${i}].role`, 'role must be system, user or assistant');
      if (typeof message.content !== 'string' || !message.content.trim())
        problems.add(`messages[${i}].content`, 'content must be non-empty text');
      else if (message.content.length > MAX_TEXT_LENGTH)
        problems.add(`messages[${i}].content`, `content must be at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters`);
      else messages.push({ role: message.role as ChatMessage['role'], content: message.content });
    });
  const chosen = model(body, problems, fallback);
  let temperature: number | undefined;
  if (body.temperature !== undefined && body.temperature !== null) {
    if (typeof body.temperature !== 'number' || !Number.isFinite(body.temperature) || body.temperature < 0 || body.temperature > 2)
      problems.add('temperature', 'temperature must be a number from 0 to 2');
    else temperature = body.temperature;
  }
  let maxTokens: number | undefined;
  if (body.max_tokens !== undefined && body.max_tokens !== null) {
    if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1 || body.max_tokens > 4096)
      problems.add('max_tokens', 'max_tokens must be a whole number from 1 to 4096');
    else maxTokens = body.max_tokens;
  }
  problems.throwIfAny();
  return { messages, model: chosen, temperature, maxTokens };
}

export interface ParsedDashboardItem {
  itemKey: AiDashboardItemKey;
  input?: string;
  instructions?: string;
  requiredFields: AiDataList[];
  model: AiModel;
}

export function parseDashboardItem(raw: unknown, fallback: AiModel): ParsedDashboardItem {
  const body = asBody(raw);
  const problems = new Problems();
  const itemKey = body.itemKey;
  if (typeof itemKey !== 'string' || !(AI_DASHBOARD_ITEMS as readonly string[]).includes(itemKey))
    problems.add('itemKey', `itemKey must be one of ${AI_DASHBOARD_ITEMS.join(', ')}`);
  const input = text(body, 'input', problems, null);
  const instructions = text(body, 'instructions', problems, null);
  let requiredFields: AiDataList[] = [];
  if (body.requiredFields !== undefined && body.requiredFields !== null) {
    if (!Array.isArray(body.requiredFields) || !body.requiredFields.every((f) => DATA_LISTS.includes(f as AiDataList)))
      problems.add('requiredFields', `requiredFields must list only ${DATA_LISTS.join(', ')}`);
    else requiredFields = [...new Set(body.requiredFields as AiDataList[])];
  }
  const chosen = model(body, problems, fallback);
  problems.throwIfAny();
  return { itemKey: itemKey as AiDashboardItemKey, input, instructions, requiredFields, model: chosen };
}

export interface ParsedDefineCode {
  code: string;
  codeType: MedCodeType;
  language: string;
  model: AiModel;
}

export function parseDefineCode(raw: unknown, fallback: AiModel, offline: boolean): ParsedDefineCode {
  const body = asBody(raw);
  const problems = new Problems();
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  if (body.code !== undefined && body.code !== null && typeof body.code !== 'string') problems.add('code', 'code must be text');
  else if (!code) problems.add('code', 'code is required');
  else if (code.length > MAX_CODE_LENGTH || !/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(code))
    problems.add('code', `code must be at most ${MAX_CODE_LENGTH} letters, digits, dots or dashes`);
  const codeType = body.codeType;
  if (typeof codeType !== 'string' || !(MED_CODE_TYPES as readonly string[]).includes(codeType))
    problems.add('codeType', `codeType must be one of ${MED_CODE_TYPES.join(', ')}`);
  let language = 'en';
  if (body.language !== undefined && body.language !== null && body.language !== '') {
    if (typeof body.language !== 'string' || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(body.language))
      problems.add('language', 'language must be a BCP 47 tag such as en or es-US');
    else {
      language = body.language.toLowerCase();
      if (offline && language.split('-')[0] !== 'en')
        problems.add('language', 'language must be en: the offline provider answers in English only');
    }
  }
  if (language.split('-')[0] === 'en') language = 'en';
  const chosen = model(body, problems, fallback);
  problems.throwIfAny();
  return { code, codeType: codeType as MedCodeType, language, model: chosen };
}

/** `definitions` of GET medicalData: absent, `true` or `false`. */
export function parseDefinitionsFlag(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw AiError.invalid([{ field: 'definitions', message: 'definitions must be true or false' }]);
}
