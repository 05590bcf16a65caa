/** The longest instructions, input or message the API takes (its own check answers 400 past it). */
export const AI_TEXT_MAX_LENGTH = 20_000;
/** The most messages a chat completion takes. */
export const AI_MAX_MESSAGES = 50;
/** A code list or drug list field of the prompt tester. */
export const CODE_LIST_MAX_LENGTH = 5_000;
