import { useState } from 'react';
import { usePageTitle } from '@healthlink/web-runtime';
import { Container } from '@healthlink/web-ui';
import { CouponCard, DrugTexts, type CouponFound, type CouponRow } from '@healthlink/web-drugs';
import { BackToDashboard } from '../../../components/list/BackToDashboard';
import { CouponModal } from '../components/CouponModal';

/** /rxCoupons (part 2 §2): the signed-in Drug Coupons card with the Pharmacy column and the Get Coupon modal. */
export function RxCouponsPage() {
  usePageTitle(DrugTexts.couponCardTitle);
  const [chosen, setChosen] = useState<{ row: CouponRow; asOf: string } | null>(null);
  return (
    <Container className="page rx-coupons">
      <BackToDashboard />
      <CouponCard
        variant="rx"
        headingLevel={1}
        onGetCoupon={(row: CouponRow, found: CouponFound) => setChosen({ row, asOf: found.asOf })}
        footer={<p className="coupon-card__disclaimer">{DrugTexts.approximateDisclaimer}</p>}
      />
      <CouponModal row={chosen?.row ?? null} asOf={chosen?.asOf ?? null} onClose={() => setChosen(null)} />
    </Container>
  );
}
