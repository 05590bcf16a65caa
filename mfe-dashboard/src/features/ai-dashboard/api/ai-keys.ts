import type { AiDashboardItemKey, MedCodeType } from '@healthlink/contracts';

/** Query keys of the AI dashboard feature; the shell clears the whole cache when a session ends. */
export const aiKeys = {
  all: ['aiDashboard'] as const,
  medicalData: () => [...aiKeys.all, 'medicalData'] as const,
  /** Under medicalData(): invalidating the member's lists invalidates their definitions too. */
  medicalDataDefinitions: () => [...aiKeys.medicalData(), 'definitions'] as const,
  item: (itemKey: AiDashboardItemKey) => [...aiKeys.all, 'item', itemKey] as const,
  definition: (codeType: MedCodeType, code: string) => [...aiKeys.all, 'definition', codeType, code] as const,
};
