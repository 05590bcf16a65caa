import type { AiDashboardItemKey, AiModel, AiSuggestion, MedCodeType, MedicalTip } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ndcCandidates, normalizeNdc } from '../../pricing';
import { AiRepository } from '../ai.repository';
import { diagnosisCodesIn, ndcsIn, procedureCodesIn } from '../code-patterns';
import type { CodeToDefine, MemberFacts } from '../member-facts';
import {
  canonicalCode,
  defineDiagnosis,
  defineDrug,
  defineProcedure,
  medicalTips,
  procedureInsights,
  recommendedTests,
  symptomMonitoring,
  unknownDefinition,
  type CodeDefinition,
} from '../offline-knowledge';
import { AiReferenceData } from '../reference/ai-reference-data';
import { AiProvider, type CompletionCall, type ProviderAnswer } from './ai-provider';

const NO_TOKENS = { inputTokens: 0, outputTokens: 0 };

/**
 * The default provider: no network, nothing sent anywhere. Answers from the reference data (ICD-10-CM, HCPCS, the drug
 * directory, USPSTF, MedlinePlus) and the member's own codes; its usage is 0 tokens. It runs no language model, so a
 * free-text completion answers with the definitions of the codes it finds in the text, and says so.
 */
@Injectable()
export class OfflineAiProvider extends AiProvider {
  readonly kind = 'offline' as const;

  constructor(
    private readonly data: AiReferenceData,
    private readonly repository: AiRepository,
  ) {
    super();
  }

  /** The reference data's definition of a code, or an unknown-code answer: no model involved. */
  async lookup(codeType: MedCodeType, code: string): Promise<CodeDefinition> {
    const ref = this.data.reference;
    if (codeType === 'diagnosis code') return defineDiagnosis(ref, code);
    if (codeType === 'procedure code') return defineProcedure(ref, code);
    // Any printed form: 11 digits, dashed 4-4-2 / 5-3-2 / 5-4-1 / 5-4-2, or ten bare digits (three candidates).
    const candidates = ndcCandidates(normalizeNdc(code));
    const drugs = await this.repository.drugsByNdc(candidates);
    const drug = candidates.map((ndc) => drugs.find((d) => d.ndc11 === ndc)).find(Boolean);
    return drug ? defineDrug(code.trim(), drug) : unknownDefinition(code.trim());
  }

  async complete(call: CompletionCall): Promise<ProviderAnswer<string>> {
    const text = call.messages.map((m) => m.content).join('\n');
    const found = [
      ...diagnosisCodesIn(text).map((code) => ['diagnosis code', code] as const),
      ...procedureCodesIn(text).map((code) => ['procedure code', code] as const),
      ...ndcsIn(text).map((code) => ['drug ndc', code] as const),
    ];
    const unique = [...new Map(found.map(([type, code]) => [`${type}:${canonicalCode(code)}`, [type, code] as const])).values()].slice(
      0,
      50,
    );
    const lines: string[] = [];
    const sources = new Set<string>();
    for (const [type, code] of unique) {
      const definition = await this.lookup(type, code);
      if (!definition.known) continue;
      definition.sourceKeys.forEach((key) => sources.add(key));
      lines.push(`- ${code}: ${definition.term}. ${definition.explanation}`);
    }
    const intro = 'The offline provider runs no language model: it answers from reference data only.';
    const value = lines.length
      ? `${intro} Codes found in the text:\n${lines.join('\n')}`
      : `${intro} No known ICD-10-CM, HCPCS or NDC code was found in the text.`;
    return { value, usage: NO_TOKENS, sourceKeys: [...sources] };
  }

  async suggest(item: AiDashboardItemKey, facts: MemberFacts, _model: AiModel): Promise<ProviderAnswer<AiSuggestion[]>> {
    const ref = this.data.reference;
    if (item === 'recommendedTests') return { value: recommendedTests(ref, facts), usage: NO_TOKENS, sourceKeys: ['uspstf'] };
    if (item === 'symptomMonitoring')
      return { value: symptomMonitoring(ref, facts.diagnoses), usage: NO_TOKENS, sourceKeys: ['icd10cm', 'medlineplus'] };
    return { value: procedureInsights(ref, facts.procedures), usage: NO_TOKENS, sourceKeys: ['hcpcs', 'claims'] };
  }

  async define(code: CodeToDefine, _model: AiModel): Promise<ProviderAnswer<{ term: string; explanation: string }>> {
    const definition = await this.lookup(code.codeType, code.code);
    return { value: { term: definition.term, explanation: definition.explanation }, usage: NO_TOKENS, sourceKeys: definition.sourceKeys };
  }

  async tips(facts: MemberFacts, _model: AiModel): Promise<ProviderAnswer<{ intro: string; tips: MedicalTip[]; outro?: string }>> {
    return { value: medicalTips(this.data.reference, facts.diagnoses), usage: NO_TOKENS, sourceKeys: ['icd10cm', 'medlineplus'] };
  }
}
