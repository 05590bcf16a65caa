import type {
  AiDashboardItemResponse,
  AiUsage,
  ChatCompletionResponse,
  ExplanationOfBenefitsPage,
  HealthServiceEntry,
  MedicalTipsResponse,
} from '@healthlink/contracts';

export const KEYS = {
  withInstruction: 'POST /api/ai/createChatCompletionWithInstruction',
  chat: 'POST /api/ai/createChatCompletion',
  item: 'POST /api/ai/aiDashboardItem',
  tips: 'POST /api/medicalTips/getMedicalTipsFromEOB',
  claims: 'GET /api/explanationOfBenefits',
} as const;

export function buildUsage(overrides: Partial<AiUsage> = {}): AiUsage {
  return { input_tokens: 1200, output_tokens: 300, total_tokens: 1500, output_text: 'Done.', model: 'gpt-4o', cost: 0.0105, ...overrides };
}

export function buildCompletion(output = 'A copay is a fixed amount you pay.', usage: Partial<AiUsage> = {}): ChatCompletionResponse {
  return { output, usage: buildUsage({ output_text: output, ...usage }), sources: [{ provider: 'openai', name: 'gpt-4o', asOf: null }] };
}

export function buildItem(): AiDashboardItemResponse {
  return {
    output: [
      { title: 'Blurred vision', details: 'Tell your doctor if your sight blurs.' },
      { title: 'Numb feet', details: 'Check your feet each day.' },
    ],
    sources: [{ provider: 'offline', name: 'ICD-10-CM FY2026', asOf: '2025-10-01' }],
    usage: buildUsage({ input_tokens: 0, output_tokens: 0, total_tokens: 0, cost: 0 }),
  };
}

export function buildTipsResponse(): MedicalTipsResponse {
  return {
    normalizedResponse: {
      intro: 'Tips from your claims.',
      tips: [{ title: 'Walk daily', description: 'It helps your heart.' }],
      outro: 'Stay well.',
    },
    sources: [{ provider: 'offline', name: 'USPSTF A and B recommendations', asOf: '2025-07-01' }],
  };
}

export function buildClaim(id: string, overrides: Partial<HealthServiceEntry> = {}): HealthServiceEntry {
  return {
    id,
    date: '2025-02-10',
    type: 'professional',
    status: 'active',
    outcome: 'complete',
    payment_amount: '120.50',
    rendering_provider: 'Dr. Lee',
    insurer: 'humana',
    diagnoses: [{ id: `${id}-d1`, diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes' }],
    procedures: [{ id: `${id}-p1`, procedure_code: '99213', procedure_date: '2025-02-10', procedure_display: 'Office visit' }],
    ...overrides,
  };
}

export const claimsPage = (claims: HealthServiceEntry[], nextCursor: string | null = null): ExplanationOfBenefitsPage => ({
  EOB: claims,
  nextCursor,
  total: claims.length,
  asOf: null,
});

/** A failed call the server did not log itself (the provider's AI.PROVIDER_FAILED it does: pass that code to test it). */
export const failure = (status: number, code = 'INTERNAL.UNEXPECTED', message = 'Something failed') => ({
  status,
  body: { code, message },
});
