import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { PricingTexts } from '@healthlink/contracts';
import { Button, buttonClassName, Spinner, TextField, VisuallyHidden } from '@healthlink/web-ui';
import { useCouponSearch, type CouponFound, type CouponOutcome, type CouponRow, type CouponVariant } from '../api/coupons';
import { DrugTexts } from '../lib/drug-texts';
import { CouponTable } from './CouponTable';
import '../drugs.css';

/** The line a search that found no prices shows (part 1 §8); the Rx Coupons card names the cause. */
export function couponProblemText(outcome: Exclude<CouponOutcome, { kind: 'found' | 'invalid' }>, variant: CouponVariant): string {
  if (outcome.kind === 'notFound') return PricingTexts.couponNotFound;
  if (variant === 'rx' && outcome.kind === 'noPollingId') return DrugTexts.couponNoPollingId;
  if (variant === 'rx' && outcome.kind === 'noPriceData') return DrugTexts.couponNoPriceData;
  return PricingTexts.couponSearchFailed;
}

export interface CouponCardProps {
  variant: CouponVariant;
  /** 1 when the card is the page (its title is the page's heading). */
  headingLevel?: 1 | 2;
  onGetCoupon: (row: CouponRow, found: CouponFound) => void;
  /** Under the result: the disclaimers of the variant. */
  footer?: ReactNode;
}

function Chevron({ up }: { up: boolean }) {
  return (
    <svg className="coupon-card__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The Drug Coupons card in both variants (part 1 §2 and §4, part 2 §2): collapsible; a drug name, Enter or Search
 * Coupons; a spinner, then the result table or one error line. Each search clears the last; there is no retry.
 */
export function CouponCard({ variant, headingLevel = 2, onGetCoupon, footer }: CouponCardProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const bodyId = useId();
  const [collapsed, setCollapsed] = useState(false);
  const [drugName, setDrugName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const search = useCouponSearch(variant);
  const outcome = search.data;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = drugName.trim();
    if (!name) {
      search.reset();
      setNameError(PricingTexts.drugNameRequired);
      return;
    }
    setNameError(undefined);
    search.mutate(name);
  }

  return (
    <section className="coupon-card" aria-labelledby={headingId}>
      <div className="coupon-card__header">
        <Heading id={headingId} className="coupon-card__title" tabIndex={-1}>
          {DrugTexts.couponCardTitle}
        </Heading>
        <button
          type="button"
          className={buttonClassName('secondary', 'coupon-card__toggle')}
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={() => setCollapsed((value) => !value)}
        >
          <Chevron up={!collapsed} />
          {collapsed ? 'Expand' : 'Collapse'}
          <VisuallyHidden> {DrugTexts.couponCardTitle}</VisuallyHidden>
        </button>
      </div>
      <div id={bodyId} className="coupon-card__body" hidden={collapsed}>
        <form className="coupon-card__search" role="search" aria-label="Search drug coupons" noValidate onSubmit={submit}>
          <TextField
            label="Drug Name"
            name="drugName"
            placeholder={DrugTexts.drugNamePlaceholder}
            autoComplete="off"
            required
            value={drugName}
            error={nameError ?? (outcome?.kind === 'invalid' ? outcome.message : undefined)}
            onChange={(event) => setDrugName(event.target.value)}
          />
          <Button type="submit" className="coupon-card__submit" disabled={search.isPending}>
            {DrugTexts.searchCoupons}
          </Button>
        </form>
        <div className="coupon-card__outcome">
          {search.isPending && (
            <p role="status" className="coupon-card__loading">
              <Spinner label={DrugTexts.searchingCoupons} />
            </p>
          )}
          {outcome && outcome.kind !== 'found' && outcome.kind !== 'invalid' && (
            <p role="alert" className="coupon-card__error">
              {couponProblemText(outcome, variant)}
            </p>
          )}
          {outcome?.kind === 'found' && (
            <div className="coupon-card__result">
              <h3 className="coupon-card__drug">{outcome.found.displayName}</h3>
              {outcome.found.brandName && <p className="coupon-card__brand">Brand name: {outcome.found.brandName}</p>}
              {outcome.found.description && <p className="coupon-card__description">{outcome.found.description}</p>}
              <CouponTable found={outcome.found} variant={variant} onGetCoupon={(row) => onGetCoupon(row, outcome.found)} />
            </div>
          )}
        </div>
        {footer}
      </div>
    </section>
  );
}
