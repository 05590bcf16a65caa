/**
 * Every `code` the API sends, one union per module (`MODULE.REASON`), so the backend cannot throw a code the
 * web does not know and the web switches on codes, never on message text.
 */

/** The error body's `code`: a known code, or one a newer server added (the web falls back on the status). */
export type UnknownErrorCode = string & Record<never, never>;

/** Every error body the API returns has this shape; `code` is stable, `message` is for people. */
export interface ApiErrorBody<TCode extends string = ApiErrorCode | UnknownErrorCode> {
  code: TCode;
  message: string;
  /** Field-level reasons for a 400. */
  errors?: ApiFieldError[];
  /** Given on 500s so support can find the log line; never the internal error text. */
  correlationId?: string;
}

export interface ApiFieldError {
  field: string;
  message: string;
}

/** The exception filter's own codes and those of the request pipeline (validation, hostile input, rate limits). */
export const CommonErrorCode = {
  ValidationFailed: 'REQUEST.VALIDATION_FAILED',
  MalformedJson: 'REQUEST.MALFORMED_JSON',
  PayloadTooLarge: 'REQUEST.PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  /** The JSON body is nested deeper than the API accepts. */
  NestingTooDeep: 'REQUEST.NESTING_TOO_DEEP',
  /** The database refused a value (text it cannot store, a malformed date or number, too long). */
  InvalidValue: 'REQUEST.INVALID_VALUE',
  BadRequest: 'REQUEST.BAD_REQUEST',
  /** Another 4xx the filter has no code of its own for. */
  Invalid: 'REQUEST.INVALID',
  NotFound: 'REQUEST.NOT_FOUND',
  MethodNotAllowed: 'REQUEST.METHOD_NOT_ALLOWED',
  Conflict: 'REQUEST.CONFLICT',
  Unauthorized: 'AUTH.UNAUTHORIZED',
  Forbidden: 'AUTH.FORBIDDEN',
  TooManyRequests: 'REQUEST.TOO_MANY',
  Internal: 'INTERNAL.UNEXPECTED',
  /** A dependency (the database) cannot be reached: try again after Retry-After; the session stays. */
  ServiceUnavailable: 'SERVICE.UNAVAILABLE',
} as const;
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];

export const AuthErrorCode = {
  Validation: 'AUTH.VALIDATION',
  UserExists: 'AUTH.USER_EXISTS',
  InvalidCredentials: 'AUTH.INVALID_CREDENTIALS',
  CodeDoesNotMatch: 'AUTH.CODE_DOES_NOT_MATCH',
  ResetTokenInvalid: 'AUTH.RESET_TOKEN_INVALID',
  WrongCurrentPassword: 'AUTH.WRONG_CURRENT_PASSWORD',
  /** A staff API called by a signed-in member who is not staff: a 403 with STAFF_ONLY_MESSAGE. */
  StaffOnly: 'AUTH.STAFF_ONLY',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

export const AccountsErrorCode = {
  Validation: 'ACCOUNTS.VALIDATION',
  NotFound: 'ACCOUNTS.NOT_FOUND',
  NoChanges: 'ACCOUNTS.NO_CHANGES',
  CurrentPasswordRequired: 'ACCOUNTS.CURRENT_PASSWORD_REQUIRED',
  // The e-mail change's own: the profile's password change keeps AUTH.WRONG_CURRENT_PASSWORD (spec).
  WrongCurrentPassword: 'ACCOUNTS.WRONG_CURRENT_PASSWORD',
  EmailCodeDoesNotMatch: 'ACCOUNTS.EMAIL_CODE_DOES_NOT_MATCH',
  // The same answer as sign-up gives, so the forms read it alike.
  UserExists: AuthErrorCode.UserExists,
} as const;
export type AccountsErrorCode = (typeof AccountsErrorCode)[keyof typeof AccountsErrorCode];

export const ReferralErrorCode = {
  /** Unknown, expired or spent code (spec part 2 §8's server message). */
  Invalid: 'INSURERS.REFERRAL_INVALID',
  /** The code's e-mail already has an account: no session is given; the person signs in. */
  SignInRequired: 'INSURERS.REFERRAL_SIGN_IN_REQUIRED',
  /** Attaching: the code was made for another e-mail than the signed-in account's. */
  OtherAccount: 'INSURERS.REFERRAL_OTHER_ACCOUNT',
} as const;
export type ReferralErrorCode = (typeof ReferralErrorCode)[keyof typeof ReferralErrorCode];

export const InsurersErrorCode = {
  UnknownInsurer: 'INSURERS.UNKNOWN_INSURER',
  UnknownOperation: 'INSURERS.UNKNOWN_OPERATION',
  StateInvalid: 'INSURERS.STATE_INVALID',
  NotLinked: 'INSURERS.NOT_LINKED',
  Validation: 'INSURERS.VALIDATION',
  /** Minting a referral code without a valid partner API key. */
  PartnerUnauthorized: 'INSURERS.PARTNER_UNAUTHORIZED',
  /** The insurer's sign-in endpoints could not be read from its FHIR server (SMART discovery): a 502. */
  DiscoveryFailed: 'INSURERS.DISCOVERY_FAILED',
  /** Unlinking an insurer the member has not linked: a 404. */
  LinkNotFound: 'INSURERS.LINK_NOT_FOUND',
  ReferralInvalid: ReferralErrorCode.Invalid,
  ReferralSignInRequired: ReferralErrorCode.SignInRequired,
  ReferralOtherAccount: ReferralErrorCode.OtherAccount,
} as const;
export type InsurersErrorCode = (typeof InsurersErrorCode)[keyof typeof InsurersErrorCode];

export const PollingErrorCode = {
  NotFound: 'POLLING.NOT_FOUND',
  QueueUnavailable: 'POLLING.QUEUE_UNAVAILABLE',
} as const;
export type PollingErrorCode = (typeof PollingErrorCode)[keyof typeof PollingErrorCode];

export const ContactErrorCode = {
  Validation: 'CONTACT.VALIDATION',
} as const;
export type ContactErrorCode = (typeof ContactErrorCode)[keyof typeof ContactErrorCode];

export const HealthDataErrorCode = {
  /** A list or spending query parameter out of its rules (the field and reason in `errors`): a 400. */
  Validation: 'HEALTH_DATA.VALIDATION',
  /** `serviceID` names no claim of the member's (among those the search matches): a 404. */
  ClaimNotFound: 'HEALTH_DATA.CLAIM_NOT_FOUND',
} as const;
export type HealthDataErrorCode = (typeof HealthDataErrorCode)[keyof typeof HealthDataErrorCode];

export const PricingErrorCode = {
  /** An NDC that is not 10 or 11 digits in one of the printed forms (the field and reason in `errors`): a 400. */
  InvalidNdc: 'PRICING.INVALID_NDC',
  /** A lookup, entry, coupon or savings field out of its rules (the field and reason in `errors`): a 400. */
  Validation: 'PRICING.VALIDATION',
  /** The coupon service could not be reached or refused us (savings, answered at once): a 502. */
  CouponServiceFailed: 'PRICING.COUPON_SERVICE_FAILED',
} as const;
export type PricingErrorCode = (typeof PricingErrorCode)[keyof typeof PricingErrorCode];

/** Every code the API can send. The debug module has none of its own (its refusals are common codes). */
export const TrialsErrorCode = {
  /** A clinical-trials query parameter out of its rules (the field and reason in `errors`): a 400. */
  Validation: 'TRIALS.VALIDATION',
} as const;
export type TrialsErrorCode = (typeof TrialsErrorCode)[keyof typeof TrialsErrorCode];

export const PlansErrorCode = {
  /** A field of a plans request out of its rules (the field and reason in `errors`): a 400. */
  Validation: 'PLANS.VALIDATION',
  /** No 2026 plan has that contract and plan number: a 404. */
  PlanNotFound: 'PLANS.PLAN_NOT_FOUND',
  /** The member's latest ranking has no estimate for that plan (rank again): a 404. */
  EstimateNotFound: 'PLANS.ESTIMATE_NOT_FOUND',
} as const;
export type PlansErrorCode = (typeof PlansErrorCode)[keyof typeof PlansErrorCode];

export const AiErrorCode = {
  /** A field of an AI request out of its rules (the field and reason in `errors`): a 400. */
  Validation: 'AI.VALIDATION',
  /** The configured AI provider failed or answered something unusable: a 502 with AiTexts.failed. */
  ProviderFailed: 'AI.PROVIDER_FAILED',
  /** Staff-typed text that would leave for an external provider while AI_STAFF_FREE_TEXT is not `allow`: a 400. */
  StaffTextNotSent: 'AI.STAFF_TEXT_NOT_SENT',
} as const;
export type AiErrorCode = (typeof AiErrorCode)[keyof typeof AiErrorCode];

export type ApiErrorCode =
  | CommonErrorCode
  | AuthErrorCode
  | AccountsErrorCode
  | InsurersErrorCode
  | PollingErrorCode
  | ContactErrorCode
  | HealthDataErrorCode
  | PricingErrorCode
  | TrialsErrorCode
  | PlansErrorCode
  | AiErrorCode;
