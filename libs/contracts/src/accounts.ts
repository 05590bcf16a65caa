/**
 * Accounts and sessions (spec part 1 §2-§9): payloads, answers, the validation rules and their exact
 * messages. The forms and the server run the same checks, so a message reads the same wherever it comes from.
 */
import { INPUT_MAX_LENGTH, isValidEmail, PASSWORD_MAX_LENGTH } from './fields';
import { invalid, problemOf, valid, type FieldProblem, type Parsed, type Unchecked } from './parsed';

// ---- constants (part 1 §9) ----
export const PASSWORD_MIN_LENGTH = 10;
/** Inactivity logout, in the browser and for the server-side session alike. */
export const INACTIVITY_LOGOUT_MS = 30 * 60 * 1000;
/** Recovery codes: upper-case letters and digits, shown in the e-mail. */
export const RECOVERY_CODE_LENGTH = 8;
export const RECOVERY_CODE_TTL_MINUTES = 10;
export const RECOVERY_CODE_MAX_TRIES = 5;

// ---- messages (part 1 §5, §7, §8) ----
export const AccountMessages = {
  fillAllFields: 'Please fill all fields',
  invalidEmail: 'Please enter a valid email address',
  passwordMismatch: 'Password does not match',
  passwordTooShort: 'Please enter a password with a length of 10 characters or longer',
  passwordNeedsNumber: 'Please have at least one number in your password',
  passwordNeedsLetter: 'Please have at least one letter in your password',
  passwordNeedsSpecial: 'Please have at least one special character in your password',
  passwordTooLong: `Please enter a password of at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',
  loginPassed: 'Login passed',
  signupPassed: 'Signup passed',
  userExists: 'User already exists',
  invalidCredentials: 'Invalid credentials',
  operationComplete: 'Operation Complete',
  codeMatches: 'Code Matches',
  codeDoesNotMatch: 'Code Does Not Match',
  passwordUpdated: 'Password Updated',
  settingsPasswordUpdated: 'Password updated',
  profileUpdated: 'Successfully updated profile information.',
  noChanges: 'No changes detected',
  accountDeleted: 'Account deleted',
  loggedOut: 'Logged out',
  // profile password change (part 1 §5)
  newPasswordSameAsCurrent: 'New password cannot match current password',
  passwordsDoNotLineUp: 'Your passwords do not line up',
  changeNeedsNumber: 'Your password must include at least 1 number',
  changeNeedsLetter: 'Your password must include at least 1 letter',
  changeNeedsSpecial: 'Your password must contain at least one special character',
  birthdateInvalid: 'Please enter a valid birthdate',
  requiredField: 'This field is required',
  // Changing the sign-in e-mail needs the current password (issue 11, point 9).
  currentPasswordForEmail: 'Please enter your current password to change your email',
  // A new sign-in e-mail takes effect once its owner types the code sent to it (issue 11 review, A1).
  emailCodeSent: 'We sent a code to your new email address. Enter it to confirm the change.',
} as const;

/** What the screens show for an outcome (part 1 §8). */
export const AccountScreenTexts = {
  loginNetworkFailure: 'There was an error logging in. Please try again later.',
  signupNetworkFailure: 'There was an error signing up. Please try again later.',
  recoveryFailure: 'There was an issue with your request, please try again later.',
  incorrectCode: 'Incorrect Code',
  passwordUpdatedToast: 'Password Updated!',
  resetFailure: 'Could not update password. Please try again later.',
  profileSaveFailure: 'Something went wrong, please try again later.',
  unparseable: 'Something went wrong. Please try again later.',
  passwordChanged: "You've successfully updated your password.",
  invalidCredentials: 'Invalid credentials.',
  sameEmail: 'This is the same email you already have on file.',
  emailTaken: 'This email is already taken.',
  deleteFailure: 'There was an error deleting your account. Please try again later.',
  deleteWarning: 'This action is not reversible, and all information related to this account will be deleted permanently.',
  passwordHint: 'Passwords need at least 10 characters, one capital letter and one special character.',
} as const;

// ---- rules (part 1 §5) ----
export const SPECIAL_CHARACTER_PATTERN = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

const problem = <F extends string>(field: F, message: string): FieldProblem<F> => ({ field, message });

/** Complexity of a new password, in the order the sign-up form checks it. */
export function passwordProblem<F extends string>(field: F, password: string): FieldProblem<F> | null {
  if (password.length < PASSWORD_MIN_LENGTH) return problem(field, AccountMessages.passwordTooShort);
  if (password.length > PASSWORD_MAX_LENGTH) return problem(field, AccountMessages.passwordTooLong);
  if (!/\d/.test(password)) return problem(field, AccountMessages.passwordNeedsNumber);
  if (!/[A-Za-z]/.test(password)) return problem(field, AccountMessages.passwordNeedsLetter);
  if (!SPECIAL_CHARACTER_PATTERN.test(password)) return problem(field, AccountMessages.passwordNeedsSpecial);
  return null;
}

// ---- sign-up, login ----
export interface SignupRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export interface SignupResponse {
  message: string;
  token: string;
}
export type SignupField = keyof SignupRequest;

export function parseSignup(input: Unchecked<SignupRequest>): Parsed<SignupRequest, SignupField> {
  const value: SignupRequest = {
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    email: input.email ?? '',
    password: input.password ?? '',
    confirmPassword: input.confirmPassword ?? '',
  };
  const fields: SignupField[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];
  const empty = fields.find((f) => !value[f].trim());
  if (empty) return invalid(empty, AccountMessages.fillAllFields);
  const long = (['firstName', 'lastName', 'email'] as const).find((f) => value[f].length > INPUT_MAX_LENGTH);
  if (long) return invalid(long, `Please enter at most ${INPUT_MAX_LENGTH} characters`);
  if (!isValidEmail(value.email)) return invalid('email', AccountMessages.invalidEmail);
  if (value.password !== value.confirmPassword) return invalid('confirmPassword', AccountMessages.passwordMismatch);
  const weak = passwordProblem('password', value.password);
  return weak ? { ok: false, problem: weak } : valid(value);
}

export function signupProblem(input: Unchecked<SignupRequest>): FieldProblem<SignupField> | null {
  return problemOf(parseSignup(input));
}

export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  message: string;
  token: string;
  hasInsurance: boolean;
}
export type LoginField = keyof LoginRequest;

export function parseLogin(input: Unchecked<LoginRequest>): Parsed<LoginRequest, LoginField> {
  const email = input.email ?? '';
  const password = input.password ?? '';
  if (!email.trim()) return invalid('email', AccountMessages.fillAllFields);
  if (!password) return invalid('password', AccountMessages.fillAllFields);
  if (!isValidEmail(email)) return invalid('email', AccountMessages.invalidEmail);
  if (password.length < PASSWORD_MIN_LENGTH) return invalid('password', AccountMessages.passwordTooShort);
  return valid({ email, password });
}

export function loginProblem(input: Unchecked<LoginRequest>): FieldProblem<LoginField> | null {
  return problemOf(parseLogin(input));
}

// ---- password recovery ----
export interface VerifyEmailRequest {
  email: string;
}
export interface VerifyRandomStringRequest {
  email: string;
  randomString: string;
}
export interface VerifyRandomStringResponse {
  message: string;
  tempToken?: string;
}
/** PUT /api/updateUserPassword; the bearer is the tempToken, never a session token. */
export interface UpdateUserPasswordRequest {
  password: string;
  confirmPassword?: string;
  email?: string;
}
export const normalizeRecoveryCode = (code: string): string => code.trim().toUpperCase();

/** The recovery form's new password, typed twice. */
export interface ResetPasswordInput {
  password: string;
  confirmPassword: string;
}
export type ResetPasswordField = keyof ResetPasswordInput;

export function parseResetPassword(input: Unchecked<ResetPasswordInput>): Parsed<ResetPasswordInput, ResetPasswordField> {
  const password = input.password ?? '';
  const confirmPassword = input.confirmPassword ?? '';
  if (!password || !confirmPassword) return invalid(password ? 'confirmPassword' : 'password', AccountMessages.fillAllFields);
  if (password !== confirmPassword) return invalid('confirmPassword', AccountMessages.passwordMismatch);
  const weak = passwordProblem('password', password);
  return weak ? { ok: false, problem: weak } : valid({ password, confirmPassword });
}

export function resetPasswordProblem(input: Unchecked<ResetPasswordInput>): FieldProblem<ResetPasswordField> | null {
  return problemOf(parseResetPassword(input));
}

// ---- profile ----
export interface MessageResponse {
  message: string;
}
/** Who a user is to the product: every account a patient; staff named by an operator (`npm run staff`). */
export const USER_ROLES = ['patient', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The 403 of a staff API (AUTH.STAFF_ONLY), and the words of the staff-only page the debug routes show others. */
export const STAFF_ONLY_MESSAGE = 'This page is for staff only.';

/** GET /api/user */
export interface UserResponse {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  postal_code: string | null;
  /** Read from the account at each request (a role change counts at once); the server checks it on every staff API. */
  role: UserRole;
}
/** One patient-info entry (the profile's field names). */
export interface PatientInfoEntry {
  email: string;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  street_address: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  postal_code: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  gender: string | null;
}
/** GET /api/patientInfo: an empty list means health setup is not done. `account` fills the profile then. */
export interface PatientInfoResponse {
  patientInfoEntry: PatientInfoEntry[];
  account: AccountRecord;
}
/** The account record's own profile fields (spec part 1 §3, second list). */
export interface AccountRecord {
  email: string;
  phone_number: string | null;
  firstName: string;
  lastName: string;
  address1: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  birthdate: string | null;
  gender: string | null;
}
export type ProfileField = keyof PatientInfoEntry;
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'email',
  'phone_number',
  'first_name',
  'last_name',
  'street_address',
  'city',
  'district',
  'state',
  'postal_code',
  'birthdate',
  'gender',
];
export const REQUIRED_PROFILE_FIELDS: readonly ProfileField[] = ['email', 'first_name', 'last_name'];
/**
 * PUT /api/updateUserProfile: only the changed fields. A new `email` is the sign-in e-mail: the first call
 * carries `currentPassword` and sends a code to the new address (the answer names it in `pendingEmail`);
 * the second carries the same `email` and that code as `emailCode`, and switches it.
 */
export type UpdateProfileRequest = Partial<PatientInfoEntry> & { currentPassword?: string; emailCode?: string };
export interface UpdateProfileResponse {
  message: string;
  token?: string;
  /** Set when a code went to this new e-mail; the e-mail changes once the code comes back. */
  pendingEmail?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isValidBirthdate(value: string, today: Date = new Date()): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1900 && date.getTime() <= today.getTime();
}

export function parseProfile(changes: Unchecked<UpdateProfileRequest>): Parsed<UpdateProfileRequest, ProfileField> {
  for (const field of REQUIRED_PROFILE_FIELDS) {
    if (changes[field] !== undefined && !String(changes[field] ?? '').trim()) return invalid(field, AccountMessages.requiredField);
  }
  for (const field of PROFILE_FIELDS) {
    const value = changes[field];
    if (typeof value === 'string' && value.length > INPUT_MAX_LENGTH)
      return invalid(field, `Please enter at most ${INPUT_MAX_LENGTH} characters`);
  }
  const { email, first_name, last_name, currentPassword, emailCode, ...optional } = changes;
  if (email != null && !isValidEmail(email)) return invalid('email', AccountMessages.invalidEmail);
  if (changes.birthdate && !isValidBirthdate(changes.birthdate)) return invalid('birthdate', AccountMessages.birthdateInvalid);
  return valid({
    ...optional,
    ...(email != null && { email }),
    ...(first_name != null && { first_name }),
    ...(last_name != null && { last_name }),
    ...(currentPassword != null && { currentPassword }),
    ...(emailCode != null && { emailCode }),
  });
}

export function profileProblem(changes: Unchecked<UpdateProfileRequest>): FieldProblem<ProfileField> | null {
  return problemOf(parseProfile(changes));
}

/** PUT /api/settingsPasswordUpdate */
export interface SettingsPasswordUpdateRequest {
  curPassword: string;
  newPassword: string;
}

/** The profile's change-password form; the server sends no `confirmPassword` (the form has matched it). */
export interface ChangePasswordInput extends SettingsPasswordUpdateRequest {
  confirmPassword?: string;
}
export type ChangePasswordField = keyof ChangePasswordInput;

/** The profile's change-password form (part 1 §5), in its order; the server repeats all but the match. */
export function parseChangePassword(input: Unchecked<ChangePasswordInput>): Parsed<SettingsPasswordUpdateRequest, ChangePasswordField> {
  const curPassword = input.curPassword ?? '';
  const newPassword = input.newPassword ?? '';
  if (!curPassword || !newPassword) return invalid(curPassword ? 'newPassword' : 'curPassword', AccountMessages.fillAllFields);
  if (newPassword === curPassword) return invalid('newPassword', AccountMessages.newPasswordSameAsCurrent);
  if (input.confirmPassword !== undefined && newPassword !== input.confirmPassword)
    return invalid('confirmPassword', AccountMessages.passwordsDoNotLineUp);
  if (newPassword.length < PASSWORD_MIN_LENGTH) return invalid('newPassword', AccountMessages.passwordTooShort);
  if (newPassword.length > PASSWORD_MAX_LENGTH) return invalid('newPassword', AccountMessages.passwordTooLong);
  if (!/\d/.test(newPassword)) return invalid('newPassword', AccountMessages.changeNeedsNumber);
  if (!/[A-Za-z]/.test(newPassword)) return invalid('newPassword', AccountMessages.changeNeedsLetter);
  if (!SPECIAL_CHARACTER_PATTERN.test(newPassword)) return invalid('newPassword', AccountMessages.changeNeedsSpecial);
  return valid({ curPassword, newPassword });
}

export function changePasswordProblem(input: Unchecked<ChangePasswordInput>): FieldProblem<ChangePasswordField> | null {
  return problemOf(parseChangePassword(input));
}
