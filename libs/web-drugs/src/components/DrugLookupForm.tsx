import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  DRUG_FORMS,
  parseDrugLookup,
  parseZipcode,
  PricingTexts,
  type DrugLookupField,
  type DrugLookupResponse,
} from '@healthlink/contracts';
import { isApiError, isServiceFailure } from '@healthlink/web-runtime';
import { Button, FormMessage, TextField, useFormProblem, type FormProblem } from '@healthlink/web-ui';
import { Field } from '@healthlink/web-ui/components/Field';
import { useDrugLookup, type LookupInput } from '../api/drug-lookup';
import { DrugTexts } from '../lib/drug-texts';
import '../drugs.css';

type FormValues = Record<'drugName' | 'drugDosage' | 'drugForm' | 'patientPaid' | 'ndc' | 'zipcode', string>;

const EMPTY: FormValues = { drugName: '', drugDosage: '', drugForm: '', patientPaid: '', ndc: '', zipcode: '' };
const FIELDS = Object.keys(EMPTY) as DrugLookupField[];

/** What a lookup that reached the server but found nothing, or failed, shows (part 1 §8). */
export function lookupFailure(error: unknown): FormProblem {
  if (isServiceFailure(error) || !isApiError(error)) return { message: PricingTexts.lookupFailed };
  const problem = error.fieldErrors[0];
  const field = problem && (FIELDS as string[]).includes(problem.field) ? problem.field : undefined;
  return { message: problem?.message ?? (error.message || PricingTexts.lookupFailed), field };
}

/** The first problem of the form, in the order the fields are shown. */
function formProblem(values: FormValues): { problem: FormProblem } | { input: LookupInput } {
  const lookup = parseDrugLookup({ ...values, drugForm: values.drugForm as never, ndc: values.ndc });
  if (!lookup.ok) return { problem: lookup.problem };
  const zipcode = parseZipcode(values.zipcode);
  if (!zipcode.ok) return { problem: zipcode.problem };
  return { input: { request: lookup.value, zipcode: zipcode.value } };
}

export interface DrugLookupFormProps {
  /** Called as a new lookup starts: the page clears the last results. */
  onStart?: () => void;
  /** A lookup that found matches or one drug. */
  onResult: (response: DrugLookupResponse, input: LookupInput) => void;
  /** Beside Find My Drug, e.g. "Link your health insurance company instead". */
  secondaryAction?: ReactNode;
}

/**
 * The drug-lookup form (part 1 §2, §5, §7, §8): Drug Name, Dosage, Drug Type, Amount Paid, NDC (optional) and
 * Zipcode, checked by the shared rules; the first offending field is highlighted, focused and described by the
 * message. Find My Drug reads Looking up... while the zipcode and then the lookup are sent.
 */
export function DrugLookupForm({ onStart, onResult, secondaryAction }: DrugLookupFormProps) {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<DrugLookupField>();
  const lookup = useDrugLookup();

  // The message shows under the offending field (linked to it), not only at the end of a six-field form: at 360px
  // the form's end is a screen away. Problems without a field use the form's line.
  const problemOf = (field: DrugLookupField) => (problem?.field === field ? problem.message : undefined);
  const bind = (field: keyof FormValues) => ({
    id: fieldProps(field).id,
    error: problemOf(field),
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lookup.isPending) return;
    const checked = formProblem(values);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    onStart?.();
    lookup.mutate(checked.input, {
      onSuccess: (response) => {
        if (response.error) setProblem({ message: response.message || PricingTexts.lookupNone });
        else if (response.matches?.length || response.drug) onResult(response, checked.input);
        else setProblem({ message: PricingTexts.lookupNone });
      },
      onError: (error) => setProblem(lookupFailure(error)),
    });
  }

  const select = bind('drugForm');
  return (
    <form className="drug-form" noValidate onSubmit={submit}>
      <div className="drug-form__grid">
        <TextField {...bind('drugName')} label="Drug Name" placeholder={DrugTexts.drugNamePlaceholder} autoComplete="off" required />
        <TextField {...bind('drugDosage')} label="Dosage" placeholder="e.g. 20 mg" autoComplete="off" required />
        <Field label="Drug Type" kind="select" id={select.id} error={select.error}>
          {(control) => (
            <div className="hl-field__control">
              <select
                {...control}
                name="drugForm"
                required
                value={values.drugForm}
                onChange={select.onChange}
                className="hl-field__input drug-form__select"
              >
                <option value="" disabled>
                  {DrugTexts.drugTypePlaceholder}
                </option>
                {DRUG_FORMS.map((form) => (
                  <option key={form} value={form}>
                    {form}
                  </option>
                ))}
              </select>
            </div>
          )}
        </Field>
        <TextField {...bind('patientPaid')} label="Amount Paid" inputMode="decimal" placeholder="e.g. 12.50" hint="In dollars" required />
        <TextField {...bind('ndc')} label="NDC" inputMode="numeric" autoComplete="off" hint={DrugTexts.ndcHint} />
        <TextField {...bind('zipcode')} label="Zipcode" inputMode="numeric" autoComplete="postal-code" maxLength={10} required />
      </div>
      <FormMessage id={messageId}>{problem && !problem.field ? problem.message : null}</FormMessage>
      <div className="drug-form__actions">
        <Button type="submit" disabled={lookup.isPending}>
          {lookup.isPending ? DrugTexts.lookingUp : DrugTexts.findMyDrug}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
