import {
  type BestPriceResult,
  type CouponDrug,
  type CouponMedication,
  type CouponPriceData,
  type SavingsResult,
} from '@healthlink/contracts';
import type { PartnerDrug, PartnerOffer, PartnerSaving, PriceSearch } from './coupon-service.client';

/** Where a price is missing or was not an amount (part 1 §5: prices show N/A when missing; never $0 for bad data). */
export const NOT_AVAILABLE = 'N/A';
/** The most medications one search answers (strengths and forms of the drug, best match first). */
export const MAX_MEDICATIONS = 10;

const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.50"; N/A for a missing amount. */
export function formatMoney(amount: number | null): string {
  return amount === null ? NOT_AVAILABLE : `$${USD.format(amount)}`;
}

const best = (offer: PartnerOffer | null) => offer?.prices.find((p) => p.price !== null) ?? null;

function couponDrug(type: CouponDrug['type'], offer: PartnerOffer | null): CouponDrug {
  const cheapest = best(offer);
  return {
    type,
    name: offer?.description ?? NOT_AVAILABLE,
    ndc11: offer?.ndc ?? null,
    pharmacy: cheapest?.pharmacy.name ?? null,
    bestPrice: { cost: formatMoney(cheapest?.price ?? null), estRetailPrice: formatMoney(offer?.retailPrice ?? null) },
  };
}

/** "10 MG TABLET, 30 EA": strength and form, and the fill every price is for. */
function describe(drug: PartnerDrug): string {
  const offer = drug.generic ?? drug.brand!;
  const fill = offer.quantity ? `${offer.quantity}${offer.unit ? ` ${offer.unit}` : ''}` : null;
  return [drug.strength || offer.description, fill].filter(Boolean).join(', ');
}

function medication(drug: PartnerDrug): CouponMedication {
  return {
    names: [drug.name, drug.brandName ?? NOT_AVAILABLE],
    description: describe(drug),
    // One row for Brand and one for Generic (part 1 §2), N/A where the drug has no such form.
    drugs: [couponDrug('Brand', drug.brand), couponDrug('Generic', drug.generic)],
  };
}

function priceData(drug: PartnerDrug): CouponPriceData {
  const brand = best(drug.brand);
  const generic = best(drug.generic);
  return {
    displayName: drug.name,
    displayDescription: describe(drug),
    brandName: drug.brandName ?? drug.brand?.description ?? NOT_AVAILABLE,
    brandBestPrice: formatMoney(brand?.price ?? null),
    brandEstimatedRetail: formatMoney(drug.brand?.retailPrice ?? null),
    brandPharmacy: brand?.pharmacy.name ?? NOT_AVAILABLE,
    genericName: drug.generic ? drug.name : NOT_AVAILABLE,
    genericBestPrice: formatMoney(generic?.price ?? null),
    genericEstimatedRetail: formatMoney(drug.generic?.retailPrice ?? null),
    genericPharmacy: generic?.pharmacy.name ?? NOT_AVAILABLE,
  };
}

/**
 * A search's answer in both card shapes (part 1 §3 `medications`, part 2 §3 `priceData` of the best match); null when
 * nothing matched. `asOf` is the coupon service's price list date (else the newest price date); `retailAsOf` the oldest
 * date behind an Estimated Retail Cost shown, so the label never claims fresher data than the oldest figure.
 */
export function toBestPriceResult(search: PriceSearch, today: string): BestPriceResult | null {
  const drugs = search.drugs.slice(0, MAX_MEDICATIONS);
  if (!drugs.length) return null;
  const offers = drugs.flatMap((d) => [d.generic, d.brand]).filter((o): o is PartnerOffer => o !== null);
  const dates = offers
    .map((o) => o.priceDate)
    .filter((d): d is string => d !== null)
    .sort();
  const retailDates = offers
    .filter((o) => o.retailPrice !== null)
    .map((o) => o.priceDate)
    .filter((d): d is string => d !== null)
    .sort();
  return {
    medications: drugs.map(medication),
    priceData: priceData(drugs[0]!),
    asOf: search.asOf ?? dates[dates.length - 1] ?? today,
    retailAsOf: retailDates[0] ?? null,
  };
}

export function toSavingsResult(saving: PartnerSaving): SavingsResult {
  return {
    ndc: saving.ndc,
    fdaNdc: saving.fdaNdc,
    drugName: saving.drugName || NOT_AVAILABLE,
    retailPrice: formatMoney(saving.retailPrice),
    bestPrice: formatMoney(saving.bestPrice),
    savings: formatMoney(saving.savings),
    pharmacy: saving.pharmacy || NOT_AVAILABLE,
  };
}
