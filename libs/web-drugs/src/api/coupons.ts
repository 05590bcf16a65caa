import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  NO_DRUG_FOUND,
  type BestPriceRequest,
  type BestPriceResult,
  type CouponMedication,
  type CouponPriceData,
  type EnrollmentRequest,
  type EnrollmentResult,
  type PollingEventCreatedResponse,
  type PollingEventResponse,
} from '@healthlink/contracts';
import { apiClient, isApiError, pollEvent } from '@healthlink/web-runtime';

/** Which card asks: the public one reads `medications`, the signed-in Rx Coupons card `priceData` (part 1 §3). */
export type CouponVariant = 'simple' | 'rx';

/** One row of either card: the Brand or the Generic form, its prices as the service gave them. */
export interface CouponRow {
  type: 'Brand' | 'Generic';
  name: string;
  ndc11: string | null;
  pharmacy: string | null;
  estimatedRetail: string | null;
  bestPrice: string | null;
}

export interface CouponFound {
  /** The drug's first name (the generic), the brand name and the description, above the table. */
  displayName: string;
  brandName: string;
  description: string;
  rows: CouponRow[];
  /** YYYY-MM-DD of the coupon prices, and of the NADAC figures behind Estimated Retail Cost. */
  asOf: string;
  retailAsOf: string | null;
}

/**
 * How a search ended. The Rx Coupons card names the cause (part 1 §8): no polling id, no price data, no drug found,
 * or a caught error; the public card says "could not find" or "something went wrong".
 */
export type CouponOutcome =
  | { kind: 'found'; found: CouponFound }
  | { kind: 'notFound' }
  | { kind: 'noPriceData' }
  | { kind: 'noPollingId' }
  /** The server refused the drug name (400): its message goes under the field. */
  | { kind: 'invalid'; message: string }
  | { kind: 'failed' };

export function startBestPrice(request: BestPriceRequest, signal?: AbortSignal): Promise<PollingEventCreatedResponse> {
  return apiClient.post<PollingEventCreatedResponse>('/api/rxLink/getBestPrice', request, { signal });
}

function fromMedication(medication: CouponMedication, asOf: string, retailAsOf: string | null): CouponFound {
  const [genericName, brandName] = medication.names;
  const rows = medication.drugs.map((drug): CouponRow => ({
    type: drug.type,
    name: drug.name,
    ndc11: drug.ndc11,
    pharmacy: drug.pharmacy,
    estimatedRetail: drug.bestPrice?.estRetailPrice ?? null,
    bestPrice: drug.bestPrice?.cost ?? null,
  }));
  return { displayName: genericName, brandName, description: medication.description, rows: sortRows(rows), asOf, retailAsOf };
}

function fromPriceData(data: CouponPriceData, asOf: string, retailAsOf: string | null): CouponFound {
  return {
    displayName: data.displayName,
    brandName: data.brandName,
    description: data.displayDescription,
    rows: [
      {
        type: 'Brand',
        name: data.brandName,
        ndc11: null,
        pharmacy: data.brandPharmacy,
        estimatedRetail: data.brandEstimatedRetail,
        bestPrice: data.brandBestPrice,
      },
      {
        type: 'Generic',
        name: data.genericName,
        ndc11: null,
        pharmacy: data.genericPharmacy,
        estimatedRetail: data.genericEstimatedRetail,
        bestPrice: data.genericBestPrice,
      },
    ],
    asOf,
    retailAsOf,
  };
}

// Brand first, then Generic, as the spec lists the rows.
const sortRows = (rows: CouponRow[]) => [...rows].sort((a, b) => (a.type === b.type ? 0 : a.type === 'Brand' ? -1 : 1));

/** A finished getBestPrice event read for `variant` (part 1 §4 and §7: "Drug not found" or an empty list is no coupon). */
export function couponOutcome(event: PollingEventResponse<unknown>, variant: CouponVariant): CouponOutcome {
  if (event.status === 'missing') return { kind: 'notFound' };
  if (event.status !== 'complete') return { kind: 'failed' };
  const result = event.response as Partial<BestPriceResult> | null;
  if (!result || typeof result !== 'object') return { kind: 'noPriceData' };
  const asOf = typeof result.asOf === 'string' ? result.asOf : '';
  const retailAsOf = typeof result.retailAsOf === 'string' ? result.retailAsOf : null;
  if (variant === 'rx') {
    if (result.priceData === NO_DRUG_FOUND) return { kind: 'notFound' };
    if (!result.priceData || typeof result.priceData !== 'object') return { kind: 'noPriceData' };
    return { kind: 'found', found: fromPriceData(result.priceData, asOf, retailAsOf) };
  }
  const first = Array.isArray(result.medications) ? result.medications[0] : undefined;
  if (!first || !Array.isArray(first.drugs) || first.drugs.length === 0) return { kind: 'notFound' };
  return { kind: 'found', found: fromMedication(first, asOf, retailAsOf) };
}

/** Starts the search and polls it to its end; never rejects except when aborted (every failure is an outcome). */
export async function searchCoupons(drugName: string, variant: CouponVariant, signal?: AbortSignal): Promise<CouponOutcome> {
  try {
    const { pollingEventID } = (await startBestPrice({ drugName }, signal)) ?? {};
    if (typeof pollingEventID !== 'string' || !pollingEventID) return { kind: 'noPollingId' };
    return couponOutcome(await pollEvent(pollingEventID, { signal }), variant);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isApiError(error) && error.status === 400) return { kind: 'invalid', message: error.fieldErrors[0]?.message ?? error.message };
    // The cause is named on the card; the error itself may carry a drug name, so nothing more is logged.
    console.error('Coupon search failed');
    return { kind: 'failed' };
  }
}

/**
 * The coupon card's search (part 1 §4): each search clears the last one's result or error and stops its polling;
 * leaving the page stops it too. No retry.
 */
export function useCouponSearch(variant: CouponVariant) {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return useMutation({
    mutationFn: (drugName: string) => {
      controller.current?.abort();
      controller.current = new AbortController();
      return searchCoupons(drugName, variant, controller.current.signal);
    },
    retry: false,
  });
}

/** How an enrollment ended: the redemption link, or a toast with the service's message (part 2 §4). */
export type EnrollmentOutcome =
  | { kind: 'link'; link: string }
  | { kind: 'refused'; status: 'incomplete' | 'failed' | 'duplicate' | 'error' | 'missing'; message: string | null };

export function startEnrollment(request: EnrollmentRequest, signal?: AbortSignal): Promise<PollingEventCreatedResponse> {
  return apiClient.post<PollingEventCreatedResponse>('/api/rxLink/getEnrollment', request, { signal });
}

/** POST getEnrollment, then polls: `complete` gives the link; incomplete, failed, duplicate end with a message. */
export async function enrollForCoupon(request: EnrollmentRequest, signal?: AbortSignal): Promise<EnrollmentOutcome> {
  const { pollingEventID } = await startEnrollment(request, signal);
  const event = await pollEvent<EnrollmentResult | { message?: string }>(pollingEventID, { signal });
  const response = event.response as Partial<EnrollmentResult> & { message?: unknown };
  if (event.status === 'complete' && typeof response?.link === 'string' && /^https?:\/\//i.test(response.link)) {
    return { kind: 'link', link: response.link };
  }
  const status = event.status === 'complete' || event.status === 'pending' ? 'failed' : event.status;
  return { kind: 'refused', status, message: typeof response?.message === 'string' && response.message ? response.message : null };
}

export function useEnrollment() {
  return useMutation({ mutationFn: (request: EnrollmentRequest) => enrollForCoupon(request), retry: false });
}
