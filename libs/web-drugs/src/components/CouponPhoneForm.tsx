import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { COUPON_PHONE_DIGITS, parsePhoneNumber, PricingTexts } from '@healthlink/contracts';
import { isApiError, isServiceFailure } from '@healthlink/web-runtime';
import { Button, FormMessage, PendingActions, TextField } from '@healthlink/web-ui';
import { useEnrollment, type EnrollmentOutcome } from '../api/coupons';
import { DrugTexts } from '../lib/drug-texts';

export interface CouponPhoneFormProps {
  /** The drug the coupon is for. */
  drugName: string;
  ndc?: string | null;
  submitLabel?: string;
}

type Shown = { kind: 'opened'; link: string } | { kind: 'blocked'; link: string } | null;

/** Opens the redemption link in a tab prepared during the click (a tab opened seconds later, after polling, is blocked). */
function openInTab(prepared: Window | null, link: string): boolean {
  if (prepared && !prepared.closed) {
    prepared.opener = null;
    prepared.location.href = link;
    return true;
  }
  // No 'noopener' feature here: with it, window.open answers null even when the tab opened.
  const tab = window.open(link, '_blank');
  if (tab) tab.opener = null;
  return tab !== null && tab !== undefined;
}

/** The prepared tab (same-origin about:blank) says what it is waiting for instead of staying blank. */
function showWaiting(tab: Window | null): void {
  try {
    if (!tab?.document?.body) return;
    tab.document.title = DrugTexts.enrolling;
    tab.document.body.textContent = `${DrugTexts.enrolling}...`;
  } catch {
    // A browser that gives the tab another origin: it stays blank until the link arrives.
  }
}

/**
 * The coupon phone entry (part 1 §5, part 2 §4 and §5): 10 digits, digits only, required; "Please enter a valid 10
 * digit phone number" otherwise. The number is enrolled and polled; the returned link opens in a new tab, and when
 * the browser blocks it the popup text shows with the link itself. Incomplete, failed or duplicate: a toast.
 */
export function CouponPhoneForm({ drugName, ndc, submitLabel = DrugTexts.sendCoupon }: CouponPhoneFormProps) {
  const messageId = useId();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [shown, setShown] = useState<Shown>(null);
  const enrollment = useEnrollment();
  const prepared = useRef<Window | null>(null);

  function finish(outcome: EnrollmentOutcome) {
    const tab = prepared.current;
    prepared.current = null;
    if (outcome.kind === 'link') {
      setShown({ kind: openInTab(tab, outcome.link) ? 'opened' : 'blocked', link: outcome.link });
      return;
    }
    tab?.close();
    const fallback = outcome.status === 'duplicate' ? PricingTexts.enrollmentDuplicate : PricingTexts.enrollmentFailed;
    toast.error(outcome.message ?? fallback);
  }

  function fail(error: unknown) {
    prepared.current?.close();
    prepared.current = null;
    const field = isApiError(error) ? error.fieldErrors.find((problem) => /phone/i.test(problem.field)) : undefined;
    if (field) setPhoneError(field.message);
    else toast.error(isServiceFailure(error) || !isApiError(error) ? PricingTexts.enrollmentFailed : error.message);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parsePhoneNumber(phone);
    if (!parsed.ok) {
      setPhoneError(parsed.problem.message);
      return;
    }
    setPhoneError(undefined);
    setShown(null);
    // Opened inside the click, while the browser still counts it as the person's own action.
    prepared.current = window.open('', '_blank');
    showWaiting(prepared.current);
    enrollment.mutate({ userPhoneNumber: parsed.value, drugName, ...(ndc ? { ndc } : {}) }, { onSuccess: finish, onError: fail });
  }

  return (
    <form className="coupon-phone" noValidate onSubmit={submit}>
      <TextField
        label={DrugTexts.phoneLabel}
        name="userPhoneNumber"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        pattern="[0-9]*"
        maxLength={COUPON_PHONE_DIGITS}
        hint={DrugTexts.phoneHint}
        required
        value={phone}
        error={phoneError}
        // Digits only (part 2 §5): anything else typed or pasted is dropped as it arrives.
        onChange={(event) => setPhone(event.target.value.replace(/\D/g, '').slice(0, COUPON_PHONE_DIGITS))}
      />
      <PendingActions pending={enrollment.isPending} label={DrugTexts.enrolling}>
        <Button type="submit">{submitLabel}</Button>
      </PendingActions>
      <FormMessage id={messageId}>
        {shown?.kind === 'blocked' && (
          <>
            {PricingTexts.popupBlocked}{' '}
            <a href={shown.link} target="_blank" rel="noopener noreferrer">
              {DrugTexts.openCouponLink}
            </a>
          </>
        )}
      </FormMessage>
      <FormMessage tone="success">
        {shown?.kind === 'opened' && (
          <>
            {DrugTexts.couponOpened}{' '}
            <a href={shown.link} target="_blank" rel="noopener noreferrer">
              {DrugTexts.openCouponLink}
            </a>
          </>
        )}
      </FormMessage>
    </form>
  );
}
