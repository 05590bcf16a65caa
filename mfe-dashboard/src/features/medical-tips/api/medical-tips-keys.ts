/** Query keys of the medical-tips feature; the shell clears the whole cache when a session ends. */
export const medicalTipsKeys = {
  all: ['medicalTips'] as const,
  tips: () => [...medicalTipsKeys.all, 'tips'] as const,
};
