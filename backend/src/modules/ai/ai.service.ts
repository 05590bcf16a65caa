import {
  AI_DASHBOARD_CARDS,
  aiCallCost,
  type AiDashboardItemResponse,
  type AiErrorType,
  type AiModel,
  type AiSource,
  type AiUsage,
  type ChatCompletionResponse,
  type ChatMessage,
  type DefineMedCodeResponse,
  type MedicalDataResponse,
  type MedicalTipsResponse,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { hostname } from 'node:os';
import { ErrorRecorder } from '../../common/errors';
import type { AppConfig } from '../../config';
import { PatientInfoRepository } from '../accounts';
import { RateLimiter, StaffRolesService, type RateLimitRule } from '../auth';
import { MemberCodesReader, type MemberCodes } from '../health-data';
import { AiRepository, type DefinitionKey } from './ai.repository';
import { AiError } from './ai.errors';
import {
  parseChat,
  parseDashboardItem,
  parseDefineCode,
  parseDefinitionsFlag,
  parseWithInstruction,
  type ParsedDefineCode,
} from './ai-validation';
import { diagnosisCodesIn, ndcsIn, procedureCodesIn } from './code-patterns';
import { ageInYears, externalFacts, scrubStaffText, topCodedAge, type CodeFact, type MemberFacts } from './member-facts';
import { canonicalCode } from './offline-knowledge';
import { AiProvider, AiProviderFailure, type ProviderAnswer, type ProviderUsage } from './providers/ai-provider';
import { OfflineAiProvider } from './providers/offline.provider';
import { DATASETS, OFFLINE_DEFINITIONS_VERSION } from './reference/ai-reference';

/** The error types of part 2 §8, by call. */
const ERROR_TYPES = {
  createChatCompletionWithInstruction: ['OPENAI_FETCH_ERROR', 'OPENAI_FETCH_EXCEPTION'],
  createChatCompletion: ['OPENAI_CHAT_ERROR', 'OPENAI_CHAT_EXCEPTION'],
  aiDashboardItem: ['OPENAI_DASHBOARD_ITEM_ERROR', 'OPENAI_DASHBOARD_ITEM_EXCEPTION'],
  defineMedCode: ['OPENAI_MEDICAL_CODE_ERROR', 'OPENAI_MEDICAL_CODE_EXCEPTION'],
  medicalTips: ['OPENAI_FETCH_ERROR', 'OPENAI_FETCH_EXCEPTION'],
} as const satisfies Record<string, readonly [AiErrorType, AiErrorType]>;
type AiEndpoint = keyof typeof ERROR_TYPES;

/**
 * Calls that reach an external provider cost money: at most this many a member an hour (a cached definition, an empty
 * card and the offline provider count nothing). Past it, 429.
 */
export const AI_RATE_LIMITS = {
  externalCallsPerUser: { name: 'ai-external-calls', max: 300, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Definitions kept in this process (the table holds them all); the oldest go first past this. */
const MEMORY_CACHE_SIZE = 20_000;
/** Definitions asked of the provider at once by medicalData?definitions=true. */
const DEFINITIONS_AT_ONCE = 4;
const RXNORM_SOURCE = { name: 'RxNorm (NLM) and the FDA NDC Directory', asOf: '2025-10-06' };

const today = (): string => new Date().toISOString().slice(0, 10);
const yearOf = (date: string | null): number | null => (date ? Number(date.slice(0, 4)) : null);

/**
 * The AI calls (part 2 §7). Every call builds what the provider sees from PHI-free facts (member-facts.ts) or from
 * staff text scrubbed of dates and ids; writes a usage row; and turns a provider failure into an error-log row of the
 * spec's type and a 502 with "Failed to fetch response from OpenAI.". Definitions are cached per code type, code,
 * language, provider and model, in PostgreSQL and in memory.
 */
@Injectable()
export class AiService {
  private readonly logger = new Logger(AiService.name);
  private readonly definitions = new Map<string, DefineMedCodeResponse>();
  private readonly defaultModel: AiModel;
  /** AI_STAFF_FREE_TEXT=allow: the operator accepts that staff-typed text (scrubbed, but names intact) leaves. */
  private readonly staffFreeText: boolean;

  constructor(
    private readonly provider: AiProvider,
    private readonly offline: OfflineAiProvider,
    private readonly repository: AiRepository,
    private readonly memberCodes: MemberCodesReader,
    private readonly patientInfo: PatientInfoRepository,
    private readonly roles: StaffRolesService,
    private readonly limiter: RateLimiter,
    private readonly errors: ErrorRecorder,
    config: ConfigService<AppConfig, true>,
  ) {
    const ai = config.get('ai', { infer: true });
    this.defaultModel = ai.model;
    this.staffFreeText = ai.staffFreeText === 'allow';
  }

  get providerKind(): 'offline' | 'openai' {
    return this.provider.kind;
  }

  async createWithInstruction(userId: string, body: unknown): Promise<ChatCompletionResponse> {
    const request = parseWithInstruction(body, this.defaultModel);
    this.refuseStaffText('instructions');
    const messages: ChatMessage[] = [
      { role: 'system', content: this.outbound(request.instructions) },
      { role: 'user', content: this.outbound(request.input) },
    ];
    const answer = await this.call(userId, 'createChatCompletionWithInstruction', request.model, () =>
      this.provider.complete({ messages, model: request.model }),
    );
    return {
      output: answer.value,
      usage: this.usageOf(request.model, answer.usage, answer.value),
      sources: this.sourcesOf(answer.sourceKeys),
    };
  }

  async createChat(userId: string, body: unknown): Promise<ChatCompletionResponse> {
    const request = parseChat(body, this.defaultModel);
    this.refuseStaffText('messages');
    const messages = request.messages.map((m) => ({ role: m.role, content: this.outbound(m.content) }));
    const answer = await this.call(userId, 'createChatCompletion', request.model, () =>
      this.provider.complete({ messages, model: request.model, temperature: request.temperature, maxTokens: request.maxTokens }),
    );
    return {
      output: answer.value,
      usage: this.usageOf(request.model, answer.usage, answer.value),
      sources: this.sourcesOf(answer.sourceKeys),
    };
  }

  /**
   * A suggestion card. A patient's is built from their own claims (any `input` or `instructions` they send is not
   * used); a staff member's prompt tester may give its own input (read for codes, an age and a sex: only those are
   * sent) and instructions (sent only where AI_STAFF_FREE_TEXT allows it). A card whose data lists are empty (for an
   * external provider: of codes it may be sent) answers an empty list without calling the provider.
   */
  async dashboardItem(userId: string, body: unknown): Promise<AiDashboardItemResponse> {
    const request = parseDashboardItem(body, this.defaultModel);
    const tester = (request.input !== undefined || request.instructions !== undefined) && (await this.roles.roleOf(userId)) === 'staff';
    const instructions = tester && request.instructions?.trim() ? request.instructions : undefined;
    if (instructions !== undefined) this.refuseStaffText('instructions');
    const facts = this.forProvider(
      tester && request.input !== undefined ? await this.factsFromText(request.input) : await this.factsOf(userId),
    );
    const required = request.requiredFields.length ? request.requiredFields : AI_DASHBOARD_CARDS[request.itemKey].requiredFields;
    const lists = { diagnosisCodes: facts.diagnoses, procedureCodes: facts.procedures, drugList: facts.drugs };
    const empty = { value: [], usage: { inputTokens: 0, outputTokens: 0 }, sourceKeys: [] };
    if (required.some((list) => lists[list].length === 0))
      return { output: [], sources: [], usage: this.usageOf(request.model, empty.usage, '[]') };
    const answer = await this.call(userId, 'aiDashboardItem', request.model, () =>
      this.provider.suggest(request.itemKey, facts, request.model, instructions === undefined ? undefined : this.outbound(instructions)),
    );
    return {
      output: answer.value,
      sources: this.sourcesOf(answer.sourceKeys),
      usage: this.usageOf(request.model, answer.usage, JSON.stringify(answer.value)),
    };
  }

  async defineMedCode(userId: string, body: unknown): Promise<DefineMedCodeResponse> {
    const request = parseDefineCode(body, this.defaultModel, this.provider.kind === 'offline');
    return this.definitionOf(userId, request);
  }

  /** A definition from memory, else the table, else the provider (then kept in both). */
  private async definitionOf(userId: string, request: ParsedDefineCode): Promise<DefineMedCodeResponse> {
    const key: DefinitionKey = {
      codeType: request.codeType,
      code: request.codeType === 'drug ndc' ? request.code.replace(/-/g, '') : canonicalCode(request.code),
      language: request.language,
      provider: this.provider.kind,
      // The offline answer is the same whatever model is named; it changes with the reference data and rules.
      model: this.provider.kind === 'offline' ? OFFLINE_DEFINITIONS_VERSION : request.model,
    };
    const memoryKey = `${key.codeType}|${key.code}|${key.language}|${key.provider}|${key.model}`;
    const remembered = this.definitions.get(memoryKey);
    if (remembered) return remembered;
    const stored = await this.repository.findDefinition<DefineMedCodeResponse>(key);
    if (stored) return this.remember(memoryKey, stored);

    const found = await this.offline.lookup(request.codeType, request.code);
    let response: DefineMedCodeResponse;
    if (!found.known) {
      // Nothing is invented, by any provider: an unknown code says so.
      response = {
        output: found.explanation,
        term: '',
        explanation: found.explanation,
        officialName: null,
        known: false,
        source: this.sourceOf([]),
      };
    } else {
      const answer = await this.call(userId, 'defineMedCode', request.model, () =>
        this.provider.define(
          { code: request.code, codeType: request.codeType, officialName: found.officialName!, language: request.language },
          request.model,
        ),
      );
      const { term, explanation } = answer.value;
      response = {
        output: `${term}: ${explanation}`,
        term,
        explanation,
        officialName: found.officialName,
        known: true,
        source: this.sourceOf(answer.sourceKeys),
      };
    }
    // Unknown codes stay out of the table: any text of the right shape is a code we do not know, and must not grow it.
    if (response.known) await this.repository.saveDefinition(key, response);
    return this.remember(memoryKey, response);
  }

  async medicalTips(userId: string): Promise<MedicalTipsResponse> {
    const facts = this.forProvider(await this.factsOf(userId));
    const model = this.defaultModel;
    const answer = await this.call(userId, 'medicalTips', model, () => this.provider.tips(facts, model));
    return { normalizedResponse: answer.value, sources: this.sourcesOf(answer.sourceKeys) };
  }

  /**
   * The member's own codes, newest first; with `definitions`, each with its definition (the defineMedCode cache, so
   * one call defines them all; a provider failure leaves that code's definition null, already in the error log).
   */
  async medicalData(userId: string, definitions: unknown): Promise<MedicalDataResponse> {
    const withDefinitions = parseDefinitionsFlag(definitions);
    const codes = await this.memberCodes.memberCodes(userId);
    const entries = (list: MemberCodes['diagnoses']) => list.map(({ code, display, lastSeen }) => ({ code, display, lastSeen }));
    const data: MedicalDataResponse = {
      diagnosisCodes: entries(codes.diagnoses),
      procedureCodes: entries(codes.procedures),
      drugList: entries(codes.drugs),
    };
    if (!withDefinitions) return data;
    const jobs = [
      ...data.diagnosisCodes.map((entry) => ({ entry, codeType: 'diagnosis code' as const })),
      ...data.procedureCodes.map((entry) => ({ entry, codeType: 'procedure code' as const })),
      ...data.drugList.map((entry) => ({ entry, codeType: 'drug ndc' as const })),
    ];
    // A few at a time: an external provider is called once per code not yet cached.
    for (let i = 0; i < jobs.length; i += DEFINITIONS_AT_ONCE)
      await Promise.all(
        jobs.slice(i, i + DEFINITIONS_AT_ONCE).map(async ({ entry, codeType }) => {
          try {
            entry.definition = await this.definitionOf(userId, { code: entry.code, codeType, language: 'en', model: this.defaultModel });
          } catch (error) {
            if (!(error instanceof AiError)) throw error;
            entry.definition = null;
          }
        }),
      );
    return data;
  }

  /**
   * The member's facts: their claims' codes with official names, age in whole years and sex (PHI-free). Every code is
   * kept (the offline provider explains unknown ones from the claims); forProvider cuts them for an external one.
   */
  async factsOf(userId: string): Promise<MemberFacts> {
    const [codes, person] = await Promise.all([this.memberCodes.memberCodes(userId), this.ageAndSexOf(userId)]);
    const drugs = await this.repository.drugsByNdc(codes.drugs.map((d) => d.code));
    const drugNames = new Map(drugs.map((d) => [d.ndc11, d.name ?? (d.ingredients.join(' / ') || null)]));
    const diagnoses: CodeFact[] = [];
    for (const d of codes.diagnoses)
      diagnoses.push({ code: d.code, officialName: (await this.offline.lookup('diagnosis code', d.code)).officialName });
    const procedures = [];
    for (const p of codes.procedures)
      procedures.push({
        code: p.code,
        officialName: (await this.offline.lookup('procedure code', p.code)).officialName,
        count: p.count,
        lastYear: yearOf(p.lastSeen),
      });
    return {
      ...person,
      diagnoses,
      procedures,
      drugs: codes.drugs.map((d) => ({ ndc: d.code, officialName: drugNames.get(d.code) ?? null, lastYear: yearOf(d.lastSeen) })),
      otherCodes: 0,
    };
  }

  /** The prompt tester's text read for codes (diagnoses, procedures, NDCs) and an age and sex if it gives them. */
  private async factsFromText(input: string): Promise<MemberFacts> {
    const text = scrubStaffText(input);
    const age = /\b(\d{1,3})[- ]?(?:years?(?: old)?|yrs?|y\/o|yo)\b|\bage[:\s]+(\d{1,3})\b/i.exec(text);
    const sex = /\b(female|male|woman|man)\b/i.exec(text)?.[1]?.toLowerCase();
    const person: Pick<MemberFacts, 'ageYears' | 'sex'> = {
      ageYears: age ? topCodedAge(Number(age[1] ?? age[2])) : null,
      sex: sex === 'female' || sex === 'woman' ? 'female' : sex === 'male' || sex === 'man' ? 'male' : null,
    };
    const unique = (codes: string[]) => [...new Set(codes.map((code) => code.toUpperCase()))];
    // Only codes the reference data knows; the others are counted (the same rule as for an external provider).
    let otherCodes = 0;
    const diagnoses: CodeFact[] = [];
    for (const code of unique(diagnosisCodesIn(text))) {
      const found = await this.offline.lookup('diagnosis code', code);
      if (found.known) diagnoses.push({ code, officialName: found.officialName });
      else otherCodes++;
    }
    const procedures = [];
    for (const code of unique(procedureCodesIn(text))) {
      const found = await this.offline.lookup('procedure code', code);
      if (found.known) procedures.push({ code, officialName: found.officialName, count: 1, lastYear: null });
      else otherCodes++;
    }
    const ndcs = unique(ndcsIn(text)).map((n) => n.replace(/-/g, ''));
    const names = new Map((await this.repository.drugsByNdc(ndcs)).map((d) => [d.ndc11, d.name]));
    const drugs = ndcs.map((ndc) => ({ ndc, officialName: names.get(ndc) ?? null, lastYear: null }));
    return { ...person, diagnoses, procedures, drugs, otherCodes };
  }

  private async ageAndSexOf(userId: string): Promise<Pick<MemberFacts, 'ageYears' | 'sex'>> {
    let birthdate: string | null = null;
    let gender: string | null = null;
    for (const info of await this.patientInfo.listForUser(userId)) {
      birthdate = info.birthdate ?? birthdate;
      gender = info.gender ?? gender;
    }
    const g = gender?.trim().toLowerCase();
    return {
      ageYears: birthdate && /^\d{4}-\d{2}-\d{2}/.test(birthdate) ? topCodedAge(ageInYears(birthdate.slice(0, 10), today())) : null,
      sex: g === 'female' || g === 'male' ? g : null,
    };
  }

  /** An external provider gets only the codes it may be sent (externalFacts); the offline provider gets them all. */
  private forProvider(facts: MemberFacts): MemberFacts {
    return this.provider.kind === 'openai' ? externalFacts(facts) : facts;
  }

  /** Staff-typed text leaves for an external provider only where the operator allowed it (AI_STAFF_FREE_TEXT=allow). */
  private refuseStaffText(field: string): void {
    if (this.provider.kind === 'openai' && !this.staffFreeText) throw AiError.staffTextNotSent(field);
  }

  /** Text that may leave for an external provider: dates to years, ids removed. The offline provider keeps it here. */
  private outbound(text: string): string {
    return this.provider.kind === 'openai' ? scrubStaffText(text) : text;
  }

  /** Runs a provider call, writes its usage row, and logs a failure with its §8 type before answering 502. */
  private async call<T>(
    userId: string,
    endpoint: AiEndpoint,
    model: AiModel,
    run: () => Promise<ProviderAnswer<T>>,
  ): Promise<ProviderAnswer<T>> {
    if (this.provider.kind === 'openai') await this.limiter.consume(AI_RATE_LIMITS.externalCallsPerUser, userId);
    let answer: ProviderAnswer<T>;
    try {
      answer = await run();
    } catch (error) {
      if (!(error instanceof AiProviderFailure)) throw error;
      const [errorType, exceptionType] = ERROR_TYPES[endpoint];
      await this.errors
        .record({
          errorType: error.kind === 'error' ? errorType : exceptionType,
          userId,
          insurerName: 'ai',
          host: hostname(),
          errorDetails: {
            ...error.details,
            endpoint: `/api/ai/${endpoint}`,
            providerEndpoint: error.details.endpoint,
            model,
            message: error.message,
          },
        })
        .catch((logError: unknown) => this.logger.error({ err: { message: (logError as Error).message } }, 'could not log an AI failure'));
      throw AiError.providerFailed();
    }
    await this.repository.insertUsage({
      userId,
      endpoint,
      provider: this.provider.kind,
      model,
      inputTokens: answer.usage.inputTokens,
      outputTokens: answer.usage.outputTokens,
      cost: aiCallCost(model, answer.usage.inputTokens, answer.usage.outputTokens),
    });
    return answer;
  }

  private usageOf(model: AiModel, usage: ProviderUsage, outputText: string): AiUsage {
    return {
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
      output_text: outputText,
      model,
      cost: aiCallCost(model, usage.inputTokens, usage.outputTokens),
    };
  }

  private sourcesOf(keys: readonly string[]): AiSource[] {
    return keys.map((key) => {
      if (this.provider.kind === 'openai') return { provider: 'openai', name: key, asOf: null };
      if (key === 'rxnorm') return { provider: 'offline', ...RXNORM_SOURCE };
      if (key === 'claims') return { provider: 'offline', name: 'Your claims', asOf: null };
      const dataset = DATASETS[key as keyof typeof DATASETS];
      return { provider: 'offline', name: dataset?.name ?? key, asOf: dataset?.asOf ?? null };
    });
  }

  /** One source for a definition: its datasets' names joined, dated by the code table's date. */
  private sourceOf(keys: readonly string[]): AiSource {
    const sources = this.sourcesOf(keys);
    if (!sources.length)
      return { provider: this.provider.kind, name: 'ICD-10-CM FY2022, HCPCS Level II 2020 and the drug directory', asOf: null };
    return { provider: sources[0]!.provider, name: sources.map((s) => s.name).join('; '), asOf: sources[0]!.asOf };
  }

  private remember(key: string, response: DefineMedCodeResponse): DefineMedCodeResponse {
    if (this.definitions.size >= MEMORY_CACHE_SIZE) this.definitions.delete(this.definitions.keys().next().value!);
    this.definitions.set(key, response);
    return response;
  }
}
