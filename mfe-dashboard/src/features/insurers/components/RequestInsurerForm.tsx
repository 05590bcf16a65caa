import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { isValidEmail } from '@healthlink/contracts';
import { isApiError, isServiceFailure } from '@healthlink/web-runtime';
import { Button, buttonClassName, FormMessage, PendingActions, TextField, useFormProblem, type FormProblem } from '@healthlink/web-ui';
import { useRequestInsurer } from '../api/request-insurer';
import { InsurerScreenTexts, RequestFormTexts } from '../lib/insurer-screen-texts';

type Field = 'insurerName' | 'email';

function problemOf(values: Record<Field, string>): FormProblem | null {
  if (!values.insurerName.trim()) return { message: RequestFormTexts.nameRequired, field: 'insurerName' };
  if (!values.email.trim()) return { message: RequestFormTexts.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: RequestFormTexts.emailInvalid, field: 'email' };
  return null;
}

function failureOf(error: unknown): FormProblem {
  if (!isApiError(error) || isServiceFailure(error) || error.status !== 400) return { message: InsurerScreenTexts.generic };
  const field = error.fieldErrors[0]?.field;
  return {
    message: error.fieldErrors[0]?.message ?? error.message,
    field: field === 'insurerName' || field === 'email' ? field : undefined,
  };
}

/** Spec part 2 §2, §5: ask for an insurer we cannot link yet; both fields required, the e-mail checked. */
export function RequestInsurerForm({ initialName = '', onDone }: { initialName?: string; onDone: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ insurerName: initialName, email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<Field>();
  const { mutate, isPending } = useRequestInsurer();
  const doneRef = useRef<HTMLButtonElement>(null);
  // The form (and its focused button) is replaced by the answer: keep keyboard focus in the dialog.
  useEffect(() => {
    if (sent !== null) doneRef.current?.focus();
  }, [sent]);

  const bind = (field: Field) => ({
    ...fieldProps(field),
    required: true,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemOf(values);
    setProblem(found);
    if (found) return;
    mutate(
      { insurerName: values.insurerName.trim(), email: values.email.trim() },
      { onSuccess: ({ message }) => setSent(message), onError: (error) => setProblem(failureOf(error)) },
    );
  }

  if (sent !== null) {
    return (
      <div className="insurer-request__sent">
        <FormMessage tone="success">{sent}</FormMessage>
        <p>Thank you. We will let you know by e-mail when you can link {values.insurerName.trim()}.</p>
        <div className="hl-actions">
          <button type="button" ref={doneRef} className={buttonClassName('primary')} onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="insurer-request" aria-label="Request a new insurer">
      <p>Tell us which insurer you would like to link. We will e-mail you when it is available.</p>
      <TextField {...bind('insurerName')} label="Insurer Name" autoComplete="off" />
      <TextField {...bind('email')} label="Email" type="email" autoComplete="email" />
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <PendingActions pending={isPending} label="Sending your request">
        <Button type="submit">Send Request</Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </PendingActions>
    </form>
  );
}
