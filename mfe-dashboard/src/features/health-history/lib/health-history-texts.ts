/** The health-history screens' fixed texts (part 2 §8 where the spec gives them). */
export const HealthHistoryTexts = {
  title: 'Health History',
  failed: 'Something went wrong with fetching your Health History. Please try again later.',
  serviceNotFound: 'We could not find the claim you followed a link to. Here is the rest of your health history.',
} as const;

/** Part 2 §9: the diagnosis text in a card title is cut at 50 characters plus an ellipsis. */
export const TITLE_MAX_LENGTH = 50;

export function cutTitle(text: string): string {
  return text.length > TITLE_MAX_LENGTH ? `${text.slice(0, TITLE_MAX_LENGTH)}...` : text;
}
