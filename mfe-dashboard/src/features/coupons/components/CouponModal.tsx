import { Modal } from '@healthlink/web-ui';
import { CouponPhoneForm, DrugTexts, formatMoney, formatPriceDate, type CouponRow } from '@healthlink/web-drugs';

export interface CouponModalProps {
  row: CouponRow | null;
  /** YYYY-MM-DD of the coupon prices: a price is never shown without its date. */
  asOf: string | null;
  onClose: () => void;
}

/**
 * Get Coupon on the Rx Coupons card (part 1 §2, part 2 §2 and §4): "We found {drug} for {price} out of your
 * pocket", the phone entry, the provider disclaimer and the approximate-values disclaimer. Focus is trapped in the
 * dialog and Escape closes it (web-ui Modal).
 */
export function CouponModal({ row, asOf, onClose }: CouponModalProps) {
  const date = formatPriceDate(asOf);
  return (
    <Modal open={row !== null} onClose={onClose} title="Get your coupon" className="coupon-modal">
      {row && (
        <>
          <p className="coupon-modal__found">{DrugTexts.couponFound(row.name, formatMoney(row.bestPrice))}</p>
          {date && <p className="coupon-modal__date">{DrugTexts.pricesAsOf(date)}</p>}
          {row.pharmacy && <p>Pharmacy: {row.pharmacy}</p>}
          <CouponPhoneForm drugName={row.name} ndc={row.ndc11} />
          <p className="coupon-card__disclaimer">{DrugTexts.enrollmentDisclaimer}</p>
          <p className="coupon-card__disclaimer">{DrugTexts.approximateDisclaimer}</p>
        </>
      )}
    </Modal>
  );
}
