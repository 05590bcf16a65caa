/** The public site's contact form (spec part 1 §2, §5, §8, §9): its own module, so only the contact page carries it. */
import { invalid, problemOf, valid, type FieldProblem, type Parsed, type Unchecked } from './parsed';
import { INPUT_MAX_LENGTH, isValidEmail } from './fields';

export const CONTACT_MESSAGE_MAX_LENGTH = 250;
export const CONTACT_SUCCESS_TOAST_MS = 5000;

export const ContactTexts = {
  submitting: 'Submitting form...',
  successToast: 'Form submitted successfully',
  errorToast: 'Error submitting form',
  successInline: 'Message sent successfully!',
  failureInline: 'Failed to send message. Please try again later.',
  received: 'Message received',
  emailRequired: 'Please enter your email address',
  messageRequired: 'Please enter a message',
  messageTooLong: `Please keep your message to ${CONTACT_MESSAGE_MAX_LENGTH} characters or fewer`,
  invalidEmail: 'Please enter a valid email address',
  tooLong: `Please enter at most ${INPUT_MAX_LENGTH} characters`,
} as const;

/** POST /api/contactUs */
export interface ContactRequest {
  name?: string;
  email: string;
  phoneNumber?: string;
  message: string;
}
export type ContactField = keyof ContactRequest;

export function parseContact(input: Unchecked<ContactRequest>): Parsed<ContactRequest, ContactField> {
  const email = input.email ?? '';
  const message = input.message ?? '';
  if (!email.trim()) return invalid('email', ContactTexts.emailRequired);
  if (!isValidEmail(email)) return invalid('email', ContactTexts.invalidEmail);
  if (!message.trim()) return invalid('message', ContactTexts.messageRequired);
  if (message.length > CONTACT_MESSAGE_MAX_LENGTH) return invalid('message', ContactTexts.messageTooLong);
  for (const field of ['name', 'phoneNumber'] as const) {
    if ((input[field]?.length ?? 0) > INPUT_MAX_LENGTH) return invalid(field, ContactTexts.tooLong);
  }
  const { name, phoneNumber } = input;
  return valid({ email, message, ...(name != null && { name }), ...(phoneNumber != null && { phoneNumber }) });
}

export function contactProblem(input: Unchecked<ContactRequest>): FieldProblem<ContactField> | null {
  return problemOf(parseContact(input));
}
