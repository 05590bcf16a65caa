/** The rx screens' fixed texts (part 2 §8 where the spec gives them). */
export const RxTexts = {
  historyTitle: 'Rx History',
  historyFailed: 'Something went wrong with fetching your Rx History. Please try again later.',
  pricesLater: 'N/A: we do not have prices for these drugs yet. Price comparison is coming soon.',
  interactionsTitle: 'Rx Interactions',
  interactionsFailed: 'Something went wrong with fetching your Rx Interactions. Please try again later.',
  noInteractions: "It looks like we weren't able to find any interactions between drugs you're taking.",
  interactionsAdvice: 'Talk to your doctor or pharmacist before you stop or change any medicine.',
  interactionsSource: (source: string, asOf: string) => `Checked against ${source} (as of ${asOf}).`,
  unchecked: (count: number) =>
    `We could not check ${count === 1 ? 'this drug' : 'these drugs'}, because ${count === 1 ? 'its drug code is' : 'their drug codes are'} missing or unknown to us:`,
} as const;
