/** The Medical Tips section's texts (the spec fixes none of them beyond the section's title). */
export const MedicalTipsTexts = {
  /** The data's name as the widget's texts use it. */
  title: 'Medical Tips',
  failed: 'Something went wrong with fetching your Medical Tips. Please try again later.',
  // No claims, no tips: the words follow the other widgets' missing state (part 2 §4), saying why.
  missingTitle: 'No Medical Tips yet',
  missingWhy: 'Your tips are written from your own claims, and we have none for you yet.',
  missingAction: 'Add data by linking your provider',
  notAdvice: 'General information, not medical advice: talk it over with your doctor.',
} as const;
