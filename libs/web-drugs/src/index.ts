export {
  couponOutcome,
  enrollForCoupon,
  searchCoupons,
  startBestPrice,
  startEnrollment,
  useCouponSearch,
  useEnrollment,
  type CouponFound,
  type CouponOutcome,
  type CouponRow,
  type CouponVariant,
  type EnrollmentOutcome,
} from './api/coupons';
export { addUserDrug, lookupDrug, runDrugLookup, saveZipcode, useAddUserDrug, useDrugLookup, type LookupInput } from './api/drug-lookup';
export { CouponCard, couponProblemText, type CouponCardProps } from './components/CouponCard';
export { CouponTable, type CouponTableProps } from './components/CouponTable';
export { CouponPhoneForm, type CouponPhoneFormProps } from './components/CouponPhoneForm';
export { DrugLookupForm, lookupFailure, type DrugLookupFormProps } from './components/DrugLookupForm';
export { DrugMatchList, matchTitle, type DrugMatchListProps } from './components/DrugMatchList';
export { DrugResultPanel, type DrugResultPanelProps } from './components/DrugResultPanel';
export { PriceNote, type PriceNoteProps } from './components/PriceNote';
export { DrugTexts } from './lib/drug-texts';
export { formatMoney, formatPriceDate, hasPrice, MISSING_MONEY, parseMoney } from './lib/format';
