import { useId, useRef, useState, type FormEvent } from 'react';
import {
  birthDateOf,
  parsePlanContact,
  PLAN_CONTACT_DEFAULTS,
  US_STATES,
  type PlanContactField,
  type PlanContactRequest,
} from '@healthlink/contracts';
import { isApiError } from '@healthlink/web-runtime';
import { Button, FormMessage, TextField } from '@healthlink/web-ui';
import { PlanTexts } from '../lib/plan-texts';

export interface PlanContactFormProps {
  /** Why the form is shown (the reason's message of a missing or failed ranking). */
  reason: string;
  /** Submits: create the contact, re-trigger, fetch again (the widget shows the progress meanwhile). */
  onSubmit: (request: PlanContactRequest) => Promise<void>;
  headingLevel: 2 | 3;
}

interface Values {
  day: string;
  month: string;
  year: string;
  gender: '' | 'male' | 'female';
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
}

type ErrorKey = PlanContactField;

const INITIAL: Values = { ...PLAN_CONTACT_DEFAULTS, gender: '', streetAddress: '', city: '', state: '', postalCode: '' };

const FIELDS: readonly string[] = ['gender', 'birthDate', 'streetAddress', 'city', 'state', 'postalCode'];

/** The first of the form's fields a server's 400 names (the server runs the same parser), with its reason. */
function serverField(error: unknown): { field: ErrorKey; message: string } | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const named = error.fieldErrors.find((problem) => FIELDS.includes(problem.field));
  return named ? { field: named.field as ErrorKey, message: named.message } : null;
}

/**
 * The plan recommendation form (part 2 §3, §5): birth date as day, month and year (01, 01, 2001 to start), sex,
 * street, city, state (the 50) and ZIP, all required. The contract's parser is the one rule: its error shows next to
 * its field (linked by aria-describedby) and focus goes there. Each field is checked in the parser's order, so after
 * fixing one the next problem shows on the next submit.
 */
export function PlanContactForm({ reason, onSubmit, headingLevel }: PlanContactFormProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [values, setValues] = useState<Values>(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const refs = useRef<Partial<Record<ErrorKey, HTMLElement | null>>>({});

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  function showError(field: ErrorKey, message: string) {
    setErrors({ [field]: message });
    // After the render that links the message, so it is read with the field.
    requestAnimationFrame(() => refs.current[field]?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    const birthDate = birthDateOf(values.day, values.month, values.year) ?? (values.day || values.month || values.year ? 'invalid' : '');
    const parsed = parsePlanContact({ ...values, gender: values.gender || undefined, birthDate });
    if (!parsed.ok) {
      showError(parsed.problem.field, parsed.problem.message);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(parsed.value);
    } catch (error) {
      const named = serverField(error);
      if (named) showError(named.field, named.message);
      else setFormError(PlanTexts.contactFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const errorId = (field: ErrorKey) => (errors[field] ? `${id}-${field}-error` : undefined);
  const birthProblem = errors.birthDate;

  return (
    <form className="plan-contact" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{PlanTexts.contactTitle}</Heading>
      <p className="plan-contact__reason">{reason}</p>
      <p className="plan-contact__intro">{PlanTexts.contactIntro}</p>

      <fieldset className="plan-contact__group" aria-describedby={errorId('birthDate')}>
        <legend>Date of birth</legend>
        <div className="plan-contact__date">
          <TextField
            label="Day"
            inputMode="numeric"
            autoComplete="bday-day"
            maxLength={2}
            value={values.day}
            onChange={set('day')}
            invalid={!!birthProblem}
            aria-describedby={errorId('birthDate')}
            ref={(element) => {
              refs.current.birthDate = element;
            }}
          />
          <TextField
            label="Month"
            inputMode="numeric"
            autoComplete="bday-month"
            maxLength={2}
            value={values.month}
            onChange={set('month')}
            invalid={!!birthProblem}
            aria-describedby={errorId('birthDate')}
          />
          <TextField
            label="Year"
            inputMode="numeric"
            autoComplete="bday-year"
            maxLength={4}
            value={values.year}
            onChange={set('year')}
            invalid={!!birthProblem}
            aria-describedby={errorId('birthDate')}
          />
        </div>
        {birthProblem && (
          <p id={errorId('birthDate')} className="hl-field__error">
            {birthProblem}
          </p>
        )}
      </fieldset>

      <fieldset className="plan-contact__group" aria-describedby={errorId('gender')}>
        <legend>Sex</legend>
        {(['male', 'female'] as const).map((gender, index) => (
          <label key={gender} className="plan-contact__radio">
            <input
              type="radio"
              name={`${id}-gender`}
              value={gender}
              checked={values.gender === gender}
              onChange={set('gender')}
              aria-invalid={errors.gender ? true : undefined}
              ref={
                index === 0
                  ? (element) => {
                      refs.current.gender = element;
                    }
                  : undefined
              }
            />{' '}
            {gender === 'male' ? 'Male' : 'Female'}
          </label>
        ))}
        {errors.gender && (
          <p id={errorId('gender')} className="hl-field__error">
            {errors.gender}
          </p>
        )}
      </fieldset>

      <TextField
        label="Street address"
        autoComplete="street-address"
        value={values.streetAddress}
        onChange={set('streetAddress')}
        error={errors.streetAddress}
        ref={(element) => {
          refs.current.streetAddress = element;
        }}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        value={values.city}
        onChange={set('city')}
        error={errors.city}
        ref={(element) => {
          refs.current.city = element;
        }}
      />
      <div className="hl-field">
        <label htmlFor={`${id}-state`} className="hl-field__label">
          State
        </label>
        <select
          id={`${id}-state`}
          className="hl-field__input plan-contact__select"
          autoComplete="address-level1"
          value={values.state}
          onChange={set('state')}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errorId('state')}
          ref={(element) => {
            refs.current.state = element;
          }}
        >
          <option value="">Choose a state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
        {errors.state && (
          <p id={errorId('state')} className="hl-field__error">
            {errors.state}
          </p>
        )}
      </div>
      <TextField
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        value={values.postalCode}
        onChange={set('postalCode')}
        error={errors.postalCode}
        ref={(element) => {
          refs.current.postalCode = element;
        }}
      />
      <FormMessage>{formError}</FormMessage>
      <Button type="submit" aria-disabled={submitting || undefined}>
        {PlanTexts.contactSubmit}
      </Button>
    </form>
  );
}
