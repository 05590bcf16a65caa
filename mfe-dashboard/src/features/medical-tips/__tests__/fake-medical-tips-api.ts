import type { MedicalTip, MedicalTipsResponse } from '@healthlink/contracts';
import { serveApi, type ApiHandler } from '@healthlink/test-support/api-server';

export const MEDICAL_TIPS_KEY = 'POST /api/medicalTips/getMedicalTipsFromEOB';

export function buildTip(overrides: Partial<MedicalTip> = {}): MedicalTip {
  return {
    title: 'Check your blood sugar',
    description: 'Your claims show type 2 diabetes: an A1C test every 3 to 6 months tells how well it is controlled.',
    ...overrides,
  };
}

export function buildTips(overrides: Partial<MedicalTipsResponse['normalizedResponse']> = {}, sources?: MedicalTipsResponse['sources']) {
  return {
    normalizedResponse: {
      intro: 'Here are some tips from your recent claims.',
      tips: [buildTip()],
      outro: 'Talk to your doctor.',
      ...overrides,
    },
    sources: sources ?? [{ provider: 'offline', name: 'ICD-10-CM FY2026 (CDC/CMS)', asOf: '2025-10-01' }],
  } satisfies MedicalTipsResponse;
}

/** POST /api/medicalTips/getMedicalTipsFromEOB answers as `handler` says. */
export function serveMedicalTips(handler: ApiHandler): void {
  serveApi({ [MEDICAL_TIPS_KEY]: handler });
}
