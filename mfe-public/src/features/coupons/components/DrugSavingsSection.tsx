import { forwardRef } from 'react';
import { Link } from 'react-router';
import { requestSignIn, useSession } from '@healthlink/web-runtime';
import { buttonClassName, Button } from '@healthlink/web-ui';
import { CouponPhoneForm, DrugTexts, formatMoney, formatPriceDate, type CouponRow } from '@healthlink/web-drugs';

export const DRUG_SAVINGS_ANCHOR = 'drugSavings';

export interface DrugSavingsSectionProps {
  /** The row whose Get Coupon was chosen, with the date of its prices; null until one is. */
  chosen: { row: CouponRow; asOf: string } | null;
}

/**
 * The drug savings widget (anchor drugSavings, part 1 §2) where a coupon is redeemed with a phone number. Enrolling
 * needs an account (getEnrollment is a signed-in call: the coupon is tied to the member), so a visitor is invited to
 * sign up or sign in and stays on this page afterwards; a member enters the phone here.
 */
export const DrugSavingsSection = forwardRef<HTMLHeadingElement, DrugSavingsSectionProps>(function DrugSavingsSection(
  { chosen: choice },
  headingRef,
) {
  const { isLoggedIn } = useSession();
  const chosen = choice?.row ?? null;
  const asOf = formatPriceDate(choice?.asOf);
  return (
    <section id={DRUG_SAVINGS_ANCHOR} className="drug-savings" aria-labelledby={`${DRUG_SAVINGS_ANCHOR}-heading`}>
      <h2 id={`${DRUG_SAVINGS_ANCHOR}-heading`} ref={headingRef} tabIndex={-1}>
        Drug Savings
      </h2>
      {chosen ? (
        <p className="drug-savings__chosen">
          Your coupon: <strong>{chosen.name}</strong> ({chosen.type}) for {formatMoney(chosen.bestPrice)} with the coupon.
          {asOf && <span className="drug-savings__date"> {DrugTexts.pricesAsOf(asOf)}.</span>}
        </p>
      ) : (
        <p>Search for a drug above, then choose Get Coupon to redeem its coupon here.</p>
      )}
      {isLoggedIn ? (
        chosen && <CouponPhoneForm drugName={chosen.name} ndc={chosen.ndc11} />
      ) : (
        <div className="drug-savings__account">
          <p>Coupons are free. Create an account or sign in to redeem one with your phone number.</p>
          <div className="drug-savings__actions">
            <Link to="/register" className={buttonClassName('primary')}>
              Sign up to redeem
            </Link>
            <Button variant="secondary" onClick={() => requestSignIn({ stayOnPage: true })}>
              Sign in
            </Button>
          </div>
        </div>
      )}
      <p className="coupon-card__disclaimer">{DrugTexts.approximateDisclaimer}</p>
    </section>
  );
});
