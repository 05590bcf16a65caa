/** Texts of the insurer screens fixed by the spec's error catalogue (part 2 §8), word for word. */
export const InsurerScreenTexts = {
  loadFailure: 'There was an error loading insurers. Please try again later.',
  redirectFailure: 'There was an error redirecting. Please try again later.',
  generic: 'Something went wrong, please try again later.',
  referralFailure: 'An error occurred redirecting you to the product. Please try again later.',
  referralInvalid: 'Referral code invalid, expired, or already used',
} as const;

/** The request form's checks; the server answers the same messages for the same problems. */
export const RequestFormTexts = {
  nameRequired: 'Please enter the insurer name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
} as const;
