import type { AiDashboardItemKey, AiModel, AiSuggestion, ChatMessage, MedicalTip } from '@healthlink/contracts';
import type { CodeToDefine, MemberFacts } from '../member-facts';

/** Tokens a call used (0 and 0 for the offline provider: nothing is sent to a model). */
export interface ProviderUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ProviderAnswer<T> {
  value: T;
  usage: ProviderUsage;
  /** The sources the answer rests on, by dataset key (offline) or the model's name (openai). */
  sourceKeys: string[];
}

export interface CompletionCall {
  messages: ChatMessage[];
  model: AiModel;
  temperature?: number;
  maxTokens?: number;
}

/** What went wrong with a provider: `error` (it answered, but not OK or not usable) or `exception` (no answer). */
export class AiProviderFailure extends Error {
  override readonly name = 'AiProviderFailure';
  constructor(
    message: string,
    readonly kind: 'error' | 'exception',
    /** Safe to log: status, status text, endpoint path; never a prompt or an answer. */
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * The AI provider port: every method takes PHI-free facts (member-facts.ts) or text the service already scrubbed.
 * Adapters: OfflineAiProvider (the default) and OpenAiProvider (an OpenAI-compatible chat-completions server).
 */
export abstract class AiProvider {
  abstract readonly kind: 'offline' | 'openai';
  abstract complete(call: CompletionCall): Promise<ProviderAnswer<string>>;
  abstract suggest(
    item: AiDashboardItemKey,
    facts: MemberFacts,
    model: AiModel,
    instructions?: string,
  ): Promise<ProviderAnswer<AiSuggestion[]>>;
  abstract define(code: CodeToDefine, model: AiModel): Promise<ProviderAnswer<{ term: string; explanation: string }>>;
  abstract tips(facts: MemberFacts, model: AiModel): Promise<ProviderAnswer<{ intro: string; tips: MedicalTip[]; outro?: string }>>;
}
