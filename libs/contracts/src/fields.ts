/**
 * Field limits and the e-mail rule (spec part 1 §5, §9), apart from the account messages: the inputs of
 * every form and the contact page use them without downloading the account rules.
 */
export const INPUT_MAX_LENGTH = 100;
/** Longest password accepted (argon2 input bound; long passphrases still fit). */
export const PASSWORD_MAX_LENGTH = 128;

/** Lower-case letters, digits and ._%+- before @, a domain, then a 2 to 4 letter ending. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(normalizeEmail(email));

/** C0 control characters and DEL: never part of a name, dosage or search a person typed (NUL, newlines, escapes). */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);
