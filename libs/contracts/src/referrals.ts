/**
 * Referral landing (spec part 2 §3 /authenticateReferral): a partner's single-use code creates a new account
 * and signs it in. A code for an e-mail that already has an account gives no session: the person signs in
 * themselves and the referral is then attached to their account.
 */

/** GET /api/externalEnrollment/exchangeReferralCodeForToken/{code}: only for a new account. */
export interface ReferralTokenResponse {
  token: string;
  created: true;
}

/** POST /api/externalEnrollment/attachReferral (signed in): the code of a referral for the signed-in e-mail. */
export interface AttachReferralRequest {
  code: string;
}
export interface AttachReferralResponse {
  message: string;
  partner: string;
}

export const ReferralMessages = {
  invalid: 'Referral code invalid, expired, or already used',
  signInRequired: 'You already have an account with this email address. Please sign in to continue.',
  otherAccount: 'This referral was made for a different email address. Please sign in with that address to use it.',
  attached: 'Referral added to your account',
} as const;
