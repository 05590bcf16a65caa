import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';

/** A pharmacy's coupon price for one fill. `price` is null when the partner sent something that is not an amount. */
export interface PartnerPharmacyPrice {
  pharmacy: { npi: string; name: string };
  price: number | null;
}

/** One form (brand or generic) of a drug as the coupon service prices it. */
export interface PartnerOffer {
  description: string;
  ndc: string | null;
  quantity: number | null;
  unit: string | null;
  /** YYYY-MM-DD of the price data; null when the partner sent none or not a date. */
  priceDate: string | null;
  retailPrice: number | null;
  /** Cheapest first. */
  prices: PartnerPharmacyPrice[];
}

export interface PartnerDrug {
  name: string;
  brandName: string | null;
  strength: string;
  generic: PartnerOffer | null;
  brand: PartnerOffer | null;
}

/**
 * An amount the coupon service sent that is not an amount (shown as N/A, recorded as DRUG_PRICE_INVALID): the NDC it
 * was for (null when the partner named none) and which amount, by its place in the answer. No user data.
 */
export interface InvalidPartnerPrice {
  ndc: string | null;
  reason: string;
}

/** A price search's answer. */
export interface PriceSearch {
  asOf: string | null;
  drugs: PartnerDrug[];
  invalid: InvalidPartnerPrice[];
}

export type EnrollmentOutcome =
  { status: 'created'; redemptionUrl: string } | { status: 'duplicate' | 'incomplete' | 'failed'; message: string | null };

export interface PartnerSaving {
  ndc: string;
  fdaNdc: string;
  drugName: string;
  retailPrice: number | null;
  bestPrice: number | null;
  savings: number | null;
  pharmacy: string;
  priceDate: string | null;
}

export interface SavingsAnswer {
  asOf: string | null;
  results: PartnerSaving[];
  notFound: string[];
  invalid: InvalidPartnerPrice[];
}

/**
 * The coupon service failed: `transient` (network, timeout, 5xx, 429: a retry may help) or `permanent` (4xx, a redirect
 * elsewhere, an answer that is not the protocol's). The message names the path and status, never the key or the query.
 */
export class CouponServiceError extends Error {
  override readonly name = 'CouponServiceError';
  constructor(
    message: string,
    readonly kind: 'transient' | 'permanent',
    readonly status: number | null = null,
    readonly host: string | null = null,
  ) {
    super(message);
  }
}

/** Port: the coupon service. The HTTP adapter below in production; tests swap in their own. */
export abstract class CouponServiceClient {
  abstract searchByName(drugName: string): Promise<PriceSearch>;
  abstract searchByNdc(ndc11: string): Promise<PriceSearch>;
  /** `idempotencyKey`: the same enrollment asked twice (a retry) gets the first answer, not `duplicate`. */
  abstract enroll(request: { phone: string; ndc?: string; drugName?: string; idempotencyKey: string }): Promise<EnrollmentOutcome>;
  abstract checkSavings(request: { ndcs: string[]; zip: string; pharmacyNpi: string; phone: string }): Promise<SavingsAnswer>;
}

export interface HttpCouponClientOptions {
  timeoutMs?: number;
  /** Tries of a read (prices, savings) on a transient failure; an enrollment is tried once (its job retries it). */
  readAttempts?: number;
  backoffMs?: number;
}

const DEFAULTS: Required<HttpCouponClientOptions> = { timeoutMs: 5_000, readAttempts: 2, backoffMs: 250 };
const MAX_REDIRECTS = 3;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `relative` resolved against the configured base as a directory: `https://h/api/v1` and `https://h/api/v1/` both give
 * `https://h/api/v1/prices`; a path prefix is kept, never replaced.
 */
export function couponServiceUrl(base: string, relative: string): URL {
  return new URL(relative.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
}

/**
 * The coupon service over HTTP JSON (the protocol: sandbox/README.md, "Coupon service"):
 * - `GET {base}/prices?drug=<name>` or `?ndc=<11 digits>` -> `{ asOf, drugs: [{ name, brandName, strength, generic, brand }] }`,
 *   each form `{ description, ndc, quantity, unit, priceDate, retailPrice, prices: [{ pharmacy: { npi, name }, price }] }`;
 * - `POST {base}/enrollments { phone, ndc?, drugName? }` with `Idempotency-Key` -> `{ status: created, redemptionUrl }` or
 *   `{ status: duplicate | incomplete | failed, message }`;
 * - `POST {base}/savings { ndcs, zip, pharmacyNpi, phone }` -> `{ asOf, results: [...], notFound: [ndc] }`.
 * The key goes in `X-Api-Key`. Redirects are followed on the base's origin only (the key goes with every request), at
 * most three; each request times out after 5 s; a non-2xx answer or one that is not the protocol's JSON is a failure.
 */
export class HttpCouponServiceClient extends CouponServiceClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly options: Required<HttpCouponClientOptions>;

  constructor(config: ConfigService<AppConfig, true>, options: HttpCouponClientOptions = {}) {
    super();
    const { baseUrl, apiKey } = config.get('coupons', { infer: true });
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
    this.options = { ...DEFAULTS, ...options };
  }

  async searchByName(drugName: string): Promise<PriceSearch> {
    return parsePriceSearch(await this.read('GET', `prices?${new URLSearchParams({ drug: drugName })}`));
  }

  async searchByNdc(ndc11: string): Promise<PriceSearch> {
    return parsePriceSearch(await this.read('GET', `prices?${new URLSearchParams({ ndc: ndc11 })}`));
  }

  async enroll(request: { phone: string; ndc?: string; drugName?: string; idempotencyKey: string }): Promise<EnrollmentOutcome> {
    const { idempotencyKey, ...body } = request;
    const answer = await this.call('POST', 'enrollments', body, { 'idempotency-key': idempotencyKey });
    return parseEnrollment(answer);
  }

  async checkSavings(request: { ndcs: string[]; zip: string; pharmacyNpi: string; phone: string }): Promise<SavingsAnswer> {
    return parseSavings(await this.read('POST', 'savings', request));
  }

  /** A call that changes nothing at the partner: retried on a transient failure. */
  private async read(method: 'GET' | 'POST', relative: string, body?: object): Promise<unknown> {
    let last: CouponServiceError | null = null;
    for (let attempt = 1; attempt <= this.options.readAttempts; attempt++) {
      if (attempt > 1) await new Promise((r) => setTimeout(r, this.options.backoffMs * 2 ** (attempt - 2)));
      try {
        return await this.call(method, relative, body);
      } catch (error) {
        if (!(error instanceof CouponServiceError) || error.kind === 'permanent') throw error;
        last = error;
      }
    }
    throw last!;
  }

  private async call(method: 'GET' | 'POST', relative: string, body?: object, headers: Record<string, string> = {}): Promise<unknown> {
    let url = couponServiceUrl(this.baseUrl, relative);
    const origin = url.origin;
    const path = url.pathname;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            'x-api-key': this.apiKey,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: body ? JSON.stringify(body) : undefined,
          // The key goes with the request: a redirect is followed here, on the same origin only.
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? `timed out after ${this.options.timeoutMs} ms` : 'could not be reached';
        throw new CouponServiceError(`${method} ${path} ${reason}`, 'transient', null, url.host);
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const next = location ? new URL(location, url) : null;
        // 301/302/303 turn a POST into a GET: only 307/308 keep it.
        const keepsMethod = method === 'GET' || response.status === 307 || response.status === 308;
        if (!next || next.origin !== origin || !keepsMethod || hop >= MAX_REDIRECTS) {
          const why = !next ? 'without a location' : next.origin !== origin ? `to another origin (${next.host})` : 'again';
          throw new CouponServiceError(`${method} ${path} redirected ${why}: not followed`, 'permanent', response.status, url.host);
        }
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        const transient = response.status >= 500 || response.status === 429;
        throw new CouponServiceError(
          `${method} ${path} answered ${response.status}`,
          transient ? 'transient' : 'permanent',
          response.status,
          url.host,
        );
      }
      try {
        return (await response.json()) as unknown;
      } catch {
        throw new CouponServiceError(`${method} ${path}: the answer is not JSON`, 'permanent', response.status, url.host);
      }
    }
  }
}

// ---- the protocol's JSON, checked ------------------------------------------------------------------------------

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const malformed = (what: string) => new CouponServiceError(`the answer is not the protocol's: ${what}`, 'permanent');
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const date = (v: unknown): string | null => (typeof v === 'string' && DATE.test(v) ? v : null);

/** An amount in USD: a finite number not below 0 (or such a number as text). Null when absent; `invalid` when not an amount. */
function amount(v: unknown): number | null | 'invalid' {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
}

function checkedAmount(v: unknown, ndc: string | null, path: string, invalid: InvalidPartnerPrice[]): number | null {
  const value = amount(v);
  if (value === 'invalid') {
    invalid.push({ ndc, reason: `${path} is not an amount` });
    return null;
  }
  return value;
}

function parseOffer(v: unknown, path: string, invalid: InvalidPartnerPrice[]): PartnerOffer | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v) || !text(v.description) || !Array.isArray(v.prices)) throw malformed(`${path} is not a priced drug`);
  const ndc = typeof v.ndc === 'string' && /^\d{11}$/.test(v.ndc) ? v.ndc : null;
  const prices = v.prices.map((p, i) => {
    if (!isObject(p) || !isObject(p.pharmacy) || !text(p.pharmacy.name)) throw malformed(`${path}.prices[${i}] has no pharmacy`);
    return {
      pharmacy: { npi: typeof p.pharmacy.npi === 'string' ? p.pharmacy.npi : '', name: text(p.pharmacy.name)! },
      price: checkedAmount(p.price, ndc, `${path}.prices[${i}].price`, invalid),
    };
  });
  // Cheapest first whatever order they came in; prices that are not amounts last.
  prices.sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity));
  return {
    description: text(v.description)!,
    ndc,
    quantity: typeof v.quantity === 'number' && Number.isFinite(v.quantity) && v.quantity > 0 ? v.quantity : null,
    unit: text(v.unit),
    priceDate: date(v.priceDate),
    retailPrice: checkedAmount(v.retailPrice, ndc, `${path}.retailPrice`, invalid),
    prices,
  };
}

export function parsePriceSearch(body: unknown): PriceSearch {
  if (!isObject(body) || !Array.isArray(body.drugs)) throw malformed('no drugs list');
  const invalid: InvalidPartnerPrice[] = [];
  const drugs = body.drugs.map((d, i): PartnerDrug => {
    if (!isObject(d) || !text(d.name)) throw malformed(`drugs[${i}] has no name`);
    const generic = parseOffer(d.generic, `drugs[${i}].generic`, invalid);
    const brand = parseOffer(d.brand, `drugs[${i}].brand`, invalid);
    if (!generic && !brand) throw malformed(`drugs[${i}] has neither a generic nor a brand`);
    return { name: text(d.name)!, brandName: text(d.brandName), strength: text(d.strength) ?? '', generic, brand };
  });
  return { asOf: date(body.asOf), drugs, invalid };
}

export function parseEnrollment(body: unknown): EnrollmentOutcome {
  if (!isObject(body)) throw malformed('not an object');
  if (body.status === 'created') {
    const link = typeof body.redemptionUrl === 'string' ? body.redemptionUrl : '';
    // The browser opens it: an absolute http(s) URL, nothing else.
    if (!/^https?:\/\/[^\s]+$/.test(link) || !URL.canParse(link)) throw malformed('a created enrollment without an http(s) redemptionUrl');
    return { status: 'created', redemptionUrl: link };
  }
  if (body.status === 'duplicate' || body.status === 'incomplete' || body.status === 'failed') {
    return { status: body.status, message: text(body.message) };
  }
  throw malformed('an enrollment status outside created, duplicate, incomplete, failed');
}

export function parseSavings(body: unknown): SavingsAnswer {
  if (!isObject(body) || !Array.isArray(body.results)) throw malformed('no results list');
  const invalid: InvalidPartnerPrice[] = [];
  const results = body.results.map((r, i): PartnerSaving => {
    if (!isObject(r) || typeof r.ndc !== 'string' || !/^\d{11}$/.test(r.ndc)) throw malformed(`results[${i}] has no NDC`);
    const where = `results[${i}]`;
    const pharmacy = isObject(r.pharmacy) ? text(r.pharmacy.name) : text(r.pharmacy);
    return {
      ndc: r.ndc,
      fdaNdc: text(r.fdaNdc) ?? r.ndc,
      drugName: text(r.drugName) ?? '',
      retailPrice: checkedAmount(r.retailPrice, r.ndc, `${where}.retailPrice`, invalid),
      bestPrice: checkedAmount(r.bestPrice, r.ndc, `${where}.bestPrice`, invalid),
      savings: checkedAmount(r.savings, r.ndc, `${where}.savings`, invalid),
      pharmacy: pharmacy ?? '',
      priceDate: date(r.priceDate),
    };
  });
  const notFound = Array.isArray(body.notFound) ? body.notFound.filter((n): n is string => typeof n === 'string') : [];
  // The rest of the answer (it echoes the request, phone number included) goes no further.
  return { asOf: date(body.asOf), results, notFound, invalid };
}
