import { useRef, useState } from 'react';
import { usePageTitle } from '@healthlink/web-runtime';
import { Container } from '@healthlink/web-ui';
import { CouponCard, DrugTexts, type CouponFound, type CouponRow } from '@healthlink/web-drugs';
import { DrugSavingsSection } from '../components/DrugSavingsSection';
import './coupons.css';

/**
 * /drugCoupons (part 1 §2): the public Drug Coupons card, simple variant. Get Coupon scrolls to the drug savings
 * widget below and moves focus to its heading, so the next step is where the person is.
 */
export function CouponsPage() {
  usePageTitle(DrugTexts.couponCardTitle);
  const [chosen, setChosen] = useState<{ row: CouponRow; asOf: string } | null>(null);
  const savingsHeading = useRef<HTMLHeadingElement>(null);

  function getCoupon(row: CouponRow, found: CouponFound) {
    setChosen({ row, asOf: found.asOf });
    const heading = savingsHeading.current;
    heading?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }

  return (
    <Container className="page coupons">
      <CouponCard
        variant="simple"
        headingLevel={1}
        onGetCoupon={getCoupon}
        footer={<p className="coupon-card__disclaimer">{DrugTexts.simpleDisclaimer}</p>}
      />
      <DrugSavingsSection ref={savingsHeading} chosen={chosen} />
    </Container>
  );
}
