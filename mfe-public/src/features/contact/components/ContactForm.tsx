import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUCCESS_TOAST_MS,
  ContactTexts,
  contactProblem,
  normalizeEmail,
  type ContactField,
  type ContactRequest,
} from '@healthlink/contracts';
import { isApiError, trackEvent } from '@healthlink/web-runtime';
import { Button, FormMessage, TextAreaField, TextField, useFormProblem } from '@healthlink/web-ui';
import { useSendContactMessage } from '../api/contact';

interface ContactValues {
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
}

const EMPTY: ContactValues = { name: '', email: '', phoneNumber: '', message: '' };

type Outcome = { tone: 'success' | 'error'; text: string; detail?: string } | null;

function toRequest(values: ContactValues): ContactRequest {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    name: optional(values.name),
    email: normalizeEmail(values.email),
    phoneNumber: optional(values.phoneNumber),
    message: values.message.trim(),
  };
}

/** What the server said that helps the visitor (a refused field, too many messages), beyond the spec's line. */
function failureDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 400) return error.fieldErrors[0]?.message ?? error.message;
  if (error.status === 429) return error.message;
  return undefined;
}

/**
 * The contact form (spec part 1 §2, §5, §8): Email and Message required, Message at most 250 characters
 * with a live count; "Sending..." on a disabled button while it sends; a loading toast, then success (5 s)
 * or error, and the inline outcome. Every field clears after each attempt (spec); after a failure a
 * "Restore your message" button puts back what was typed, so nothing is lost.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [unsent, setUnsent] = useState<ContactValues | null>(null);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<ContactField>();
  const { mutate, isPending } = useSendContactMessage();
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  // The button is disabled while sending, which drops keyboard focus: it lands on the outcome instead.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const bind = (field: keyof ContactValues) => ({
    ...fieldProps(field),
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const request = toRequest(values);
    const found = contactProblem(request);
    setProblem(found);
    if (found) return;

    const attempt = values;
    setOutcome(null);
    setUnsent(null);
    const toastId = toast.loading(ContactTexts.submitting);
    mutate(request, {
      onSuccess: () => {
        toast.success(ContactTexts.successToast, { id: toastId, duration: CONTACT_SUCCESS_TOAST_MS });
        setOutcome({ tone: 'success', text: ContactTexts.successInline });
        trackEvent('contact', 'message_sent');
      },
      onError: (error) => {
        toast.error(ContactTexts.errorToast, { id: toastId });
        setOutcome({ tone: 'error', text: ContactTexts.failureInline, detail: failureDetail(error) });
        setUnsent(attempt);
      },
      onSettled: () => setValues(EMPTY),
    });
  }

  function restore() {
    if (!unsent) return;
    setValues(unsent);
    setUnsent(null);
    setOutcome(null);
    document.getElementById(fieldProps('message').id)?.focus();
  }

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <TextField {...bind('name')} label="Full Name" hint="Optional" autoComplete="name" />
      <TextField {...bind('email')} label="Email" hint="Required" type="email" autoComplete="email" aria-required="true" />
      <TextField {...bind('phoneNumber')} label="Phone Number" hint="Optional" type="tel" autoComplete="tel" />
      <TextAreaField {...bind('message')} label="Message" hint="Required" maxLength={CONTACT_MESSAGE_MAX_LENGTH} aria-required="true" />
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <div className="hl-actions">
        <Button type="submit" disabled={isPending} className="contact-form__submit">
          {isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
      <div role="status" className="contact-form__status">
        {outcome && (
          <p ref={outcomeRef} tabIndex={-1} className={`hl-form-message hl-form-message--${outcome.tone} contact-form__outcome`}>
            {outcome.text}
            {outcome.detail && <span className="contact-form__detail"> {outcome.detail}</span>}
          </p>
        )}
      </div>
      {unsent && (
        <Button variant="secondary" onClick={restore}>
          Restore your message
        </Button>
      )}
    </form>
  );
}
