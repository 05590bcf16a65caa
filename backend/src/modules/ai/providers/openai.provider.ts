import {
  AI_LIMITS,
  type AiDashboardItemKey,
  type AiModel,
  type AiSuggestion,
  type ChatMessage,
  type MedicalTip,
} from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';
import {
  DEFINITION_SCHEMA,
  SUGGESTIONS_SCHEMA,
  TIPS_SCHEMA,
  definitionMessages,
  suggestionMessages,
  tipsMessages,
  type CodeToDefine,
  type MemberFacts,
} from '../member-facts';
import { AiProvider, AiProviderFailure, type CompletionCall, type ProviderAnswer } from './ai-provider';

/** `{base}/chat/completions`: the base exactly as configured, with or without a trailing slash or a path prefix. */
export function chatCompletionsUrl(base: string): URL {
  return new URL('chat/completions', base.endsWith('/') ? base : `${base}/`);
}

interface JsonSchemaFormat {
  name: string;
  schema: object;
}

interface ChatCompletionBody {
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * An OpenAI-compatible chat-completions server (OpenAI itself, or a local server speaking that protocol): POST
 * {base}/chat/completions with a bearer key, a timeout, structured answers asked through `response_format`
 * json_schema. A 429, a 5xx or any other non-OK status is an `error`; no answer (network, timeout) an `exception`; an
 * answer that is not a completion, or whose content does not fit the schema, an `error`.
 */
@Injectable()
export class OpenAiProvider extends AiProvider {
  readonly kind = 'openai' as const;
  private readonly url: URL;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(config: ConfigService<AppConfig, true>) {
    super();
    const ai = config.get('ai', { infer: true });
    this.url = chatCompletionsUrl(ai.baseUrl);
    this.apiKey = ai.apiKey;
    this.timeoutMs = ai.timeoutMs;
  }

  async complete(call: CompletionCall): Promise<ProviderAnswer<string>> {
    const { content, usage } = await this.chat(call.messages, call.model, undefined, {
      temperature: call.temperature,
      max_tokens: call.maxTokens,
    });
    return { value: content, usage, sourceKeys: [call.model] };
  }

  async suggest(
    item: AiDashboardItemKey,
    facts: MemberFacts,
    model: AiModel,
    instructions?: string,
  ): Promise<ProviderAnswer<AiSuggestion[]>> {
    const { content, usage } = await this.chat(suggestionMessages(item, facts, instructions), model, SUGGESTIONS_SCHEMA);
    const parsed = parseJson(content) as { items?: unknown } | null;
    const items = Array.isArray(parsed?.items) ? parsed.items : null;
    if (!items || !items.every((i) => isText(i?.title) && isText(i?.details)))
      throw new AiProviderFailure('The completion is not a list of suggestions', 'error', {
        endpoint: this.url.pathname,
        reason: 'schema',
      });
    const limit = { symptomMonitoring: AI_LIMITS.symptoms, recommendedTests: AI_LIMITS.tests, procedures: AI_LIMITS.procedures }[item];
    return {
      value: (items as AiSuggestion[]).slice(0, limit).map((i) => ({ title: i.title.trim(), details: i.details.trim() })),
      usage,
      sourceKeys: [model],
    };
  }

  async define(code: CodeToDefine, model: AiModel): Promise<ProviderAnswer<{ term: string; explanation: string }>> {
    const { content, usage } = await this.chat(definitionMessages(code), model, DEFINITION_SCHEMA);
    const parsed = parseJson(content) as { term?: unknown; explanation?: unknown } | null;
    if (!isText(parsed?.term) || !isText(parsed?.explanation))
      throw new AiProviderFailure('The completion is not a definition', 'error', { endpoint: this.url.pathname, reason: 'schema' });
    return { value: { term: parsed.term.trim(), explanation: parsed.explanation.trim() }, usage, sourceKeys: [model] };
  }

  async tips(facts: MemberFacts, model: AiModel): Promise<ProviderAnswer<{ intro: string; tips: MedicalTip[]; outro?: string }>> {
    const { content, usage } = await this.chat(tipsMessages(facts), model, TIPS_SCHEMA);
    const parsed = parseJson(content) as { intro?: unknown; tips?: unknown; outro?: unknown } | null;
    const tips = Array.isArray(parsed?.tips) ? parsed.tips : null;
    if (!isText(parsed?.intro) || !tips || !tips.every((t) => isText(t?.title) && isText(t?.description)))
      throw new AiProviderFailure('The completion is not a list of tips', 'error', { endpoint: this.url.pathname, reason: 'schema' });
    return {
      value: {
        intro: parsed.intro,
        tips: (tips as MedicalTip[]).slice(0, AI_LIMITS.symptoms).map((t) => ({ title: t.title, description: t.description })),
        ...(isText(parsed.outro) ? { outro: parsed.outro } : {}),
      },
      usage,
      sourceKeys: [model],
    };
  }

  private async chat(
    messages: ChatMessage[],
    model: AiModel,
    schema?: JsonSchemaFormat,
    options: { temperature?: number; max_tokens?: number } = {},
  ): Promise<{ content: string; usage: { inputTokens: number; outputTokens: number } }> {
    const endpoint = this.url.pathname;
    const body = {
      model,
      messages,
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      ...(options.max_tokens !== undefined ? { max_tokens: options.max_tokens } : {}),
      ...(schema ? { response_format: { type: 'json_schema', json_schema: { ...schema, strict: true } } } : {}),
    };
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new AiProviderFailure(timedOut ? `No answer within ${this.timeoutMs} ms` : 'The AI server could not be reached', 'exception', {
        endpoint,
        message: timedOut ? `timeout after ${this.timeoutMs} ms` : error instanceof Error ? error.message : String(error),
      });
    }
    let json: ChatCompletionBody | null = null;
    try {
      json = (await res.json()) as ChatCompletionBody;
    } catch {
      json = null;
    }
    if (!res.ok) {
      throw new AiProviderFailure(`The AI server answered ${res.status}`, 'error', {
        endpoint,
        status: res.status,
        statusText: res.statusText,
      });
    }
    const content = json?.choices?.[0]?.message?.content;
    if (!isText(content))
      throw new AiProviderFailure('The answer is not a chat completion', 'error', { endpoint, status: res.status, reason: 'body' });
    return { content, usage: { inputTokens: count(json?.usage?.prompt_tokens), outputTokens: count(json?.usage?.completion_tokens) } };
  }
}

/** The content as JSON, also when a server wrapped it in a Markdown code fence. */
export function parseJson(content: string): unknown {
  const text = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
