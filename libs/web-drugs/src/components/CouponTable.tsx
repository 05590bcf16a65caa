import { useId } from 'react';
import { VisuallyHidden } from '@healthlink/web-ui';
import type { CouponFound, CouponRow, CouponVariant } from '../api/coupons';
import { DrugTexts } from '../lib/drug-texts';
import { formatMoney, formatPriceDate, hasPrice } from '../lib/format';

export interface CouponTableProps {
  found: CouponFound;
  variant: CouponVariant;
  onGetCoupon: (row: CouponRow) => void;
}

/**
 * The result table (part 1 §2): Drug Name, Brand/Generic, (Pharmacy on the signed-in card), Estimated Retail Cost,
 * Lowest Price w/ Coupon, Coupon; one row for Brand and one for Generic. On a small screen or at 200% zoom each row
 * stacks into labelled lines (drugs.css), so nothing scrolls sideways. Get Coupon is disabled, with the reason in
 * words, when there is no coupon price.
 */
export function CouponTable({ found, variant, onGetCoupon }: CouponTableProps) {
  const noteId = useId();
  const asOf = formatPriceDate(found.asOf);
  const retailAsOf = formatPriceDate(found.retailAsOf);
  return (
    <>
      <table className="coupon-table">
        <caption className="coupon-table__caption">
          Coupon prices for {found.displayName}
          {asOf && <span className="coupon-table__date">{DrugTexts.pricesAsOf(asOf)}</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col">Drug Name</th>
            <th scope="col">Brand/Generic</th>
            {variant === 'rx' && <th scope="col">Pharmacy</th>}
            <th scope="col">Estimated Retail Cost</th>
            <th scope="col">Lowest Price w/ Coupon</th>
            <th scope="col">Coupon</th>
          </tr>
        </thead>
        <tbody>
          {found.rows.map((row) => {
            const priced = hasPrice(row.bestPrice);
            return (
              <tr key={row.type}>
                <th scope="row" data-label="Drug Name">
                  {row.name || DrugTexts.notAvailable}
                </th>
                <td data-label="Brand/Generic">{row.type}</td>
                {variant === 'rx' && <td data-label="Pharmacy">{row.pharmacy || DrugTexts.notAvailable}</td>}
                <td data-label="Estimated Retail Cost">{formatMoney(row.estimatedRetail)}</td>
                <td data-label="Lowest Price w/ Coupon" className="coupon-table__best">
                  {formatMoney(row.bestPrice)}
                </td>
                <td data-label="Coupon">
                  <button
                    type="button"
                    className="hl-button hl-button--primary coupon-table__get"
                    disabled={!priced}
                    aria-describedby={priced ? undefined : `${noteId}-${row.type}`}
                    onClick={() => onGetCoupon(row)}
                  >
                    {DrugTexts.getCoupon}
                    <VisuallyHidden>
                      {' '}
                      for {row.name} ({row.type})
                    </VisuallyHidden>
                  </button>
                  {!priced && (
                    <span id={`${noteId}-${row.type}`} className="coupon-table__none">
                      {DrugTexts.noCouponPrice}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {retailAsOf && <p className="coupon-card__note">{DrugTexts.retailAsOf(retailAsOf)}</p>}
    </>
  );
}
