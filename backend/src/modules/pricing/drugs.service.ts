import {
  parseDrugLookup,
  PricingErrorCode,
  PricingTexts,
  type AddUserDrugRequest,
  type AddUserDrugResponse,
  type CheckedDrugLookup,
  type DrugLookupRequest,
  type DrugLookupResponse,
  type DrugMatch,
  type DrugPricing,
  type FieldProblem,
  type QueryParams,
  type RxHistoryRow,
  type Unchecked,
  type UserDrugsPage,
  type UserDrugsQuery,
} from '@healthlink/contracts';
import { HttpStatus, Injectable } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { addressSubject, RateLimiter, type RateLimitRule } from '../auth';
import { HealthDataService, ManualPrescriptionsService } from '../health-data';
import { DrugLookupRequestDto } from './dto/drug-lookup.request.dto';
import { ndcCandidates, normalizeNdc } from './ndc';
import { PricingError, requireNdc } from './pricing.errors';
import { PricingRepository } from './pricing.repository';
import { dollars, savings } from './prices/fill-price';
import { PricesService, type DrugPrices } from './prices/prices.service';

/**
 * The lookup is open to visitors and reads the whole drug tables: limited per address like the other public
 * endpoints (a person submits the form a few times a minute at most). Entries are limited per member.
 */
// Written behind (no database write per lookup): the limit guards load, not an account.
export const DRUG_LOOKUP_LIMIT: RateLimitRule = { name: 'drug-lookup-ip', max: 60, windowSeconds: 5 * 60, writeBehind: true };
export const DRUG_ADD_LIMIT: RateLimitRule = { name: 'drug-add-user', max: 60, windowSeconds: 15 * 60 };

export const LookupTexts = {
  found: 'Medication found',
  matches: (count: number) => `${count} matching medication${count === 1 ? '' : 's'} found`,
  added: 'Drug added',
} as const;

const RXCUI = /^\d{1,10}$/;
// The lookup body's fields as the validation pipe's whitelist reads them (DrugLookupRequestDto's decorated
// properties): a body with any other is left to the pipe, which refuses it.
const LOOKUP_FIELDS = new Set(
  getMetadataStorage()
    .getTargetValidationMetadatas(DrugLookupRequestDto, '', true, false)
    .map((metadata) => metadata.propertyName),
);

/** Drug lookup and manual entry (part 1 §2, §5, §7), and the priced Rx history (part 2 §3). */
@Injectable()
export class DrugsService {
  /** The fast path's answers as JSON, by the search's (frozen, reused) matches: dropped with them. */
  private readonly answerTexts = new WeakMap<readonly DrugMatch[], string>();

  constructor(
    private readonly prices: PricesService,
    private readonly healthData: HealthDataService,
    private readonly manual: ManualPrescriptionsService,
    private readonly limiter: RateLimiter,
    private readonly repository: PricingRepository,
  ) {}

  /**
   * POST /api/drugLookup. With an NDC: that drug and its prices (a 10-digit NDC that could be two known drugs
   * answers both as matches to choose from). Without: the name search's matches. Nothing found: error with
   * "No medication information found".
   */
  async lookup(body: Unchecked<DrugLookupRequest>, ip: string | null): Promise<DrugLookupResponse> {
    const input = checked(body);
    await this.limiter.consume(DRUG_LOOKUP_LIMIT, addressSubject(ip));
    const none: DrugLookupResponse = { error: true, message: PricingTexts.lookupNone, pricing: null };
    if (input.ndc) {
      const known = await this.prices.knownNdcs(ndcCandidates(requireNdc('ndc', input.ndc)));
      if (!known.length) return none;
      if (known.length > 1) {
        return {
          error: false,
          message: LookupTexts.matches(known.length),
          matches: known.map((drug) => ({
            proprietaryName: null,
            drugName: drug.name ?? `NDC ${drug.ndc11}`,
            strength: null,
            unit: null,
            dosageForm: null,
            nonProprietaryName: null,
            ndc: drug.ndc11,
            rxcui: drug.rxcui,
          })),
          pricing: null,
        };
      }
      const drug = known[0]!;
      const [prices] = await this.prices.priceDrugs([{ ndc11: drug.ndc11, rxcui: drug.rxcui, quantity: null }]);
      return {
        error: false,
        message: LookupTexts.found,
        drug: { drug_name: drug.name ?? input.drugName, drug_ndc: drug.ndc11, drug_rxcui: drug.rxcui },
        pricing: pricingOf(prices!, input.patientPaid),
      };
    }
    return this.byName(input);
  }

  private async byName(input: CheckedDrugLookup): Promise<DrugLookupResponse> {
    return byNameAnswer(await this.prices.searchDrugs(input.drugName, input.drugDosage, input.drugForm));
  }

  /**
   * lookup()'s answer, as JSON text, when `body` is a name search (no NDC) that the route's validation passes unchanged: its fields
   * only (DrugLookupRequestDto's; Nest refuses others), each as parseDrugLookup takes it. Else undefined, and the
   * request goes through Nest. For the public fast path (app.factory.ts); a 429 is thrown as lookup() throws it.
   */
  async lookupByName(body: unknown, ip: string | null): Promise<string | undefined> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    if (Object.keys(body).some((key) => !LOOKUP_FIELDS.has(key))) return undefined;
    const parsed = parseDrugLookup(body as Unchecked<DrugLookupRequest>);
    if (!parsed.ok || parsed.value.ndc) return undefined;
    await this.limiter.consume(DRUG_LOOKUP_LIMIT, addressSubject(ip));
    const matches = await this.prices.searchDrugs(parsed.value.drugName, parsed.value.drugDosage, parsed.value.drugForm);
    let text = this.answerTexts.get(matches);
    if (text === undefined) {
      text = JSON.stringify(byNameAnswer(matches));
      this.answerTexts.set(matches, text);
    }
    return text;
  }

  /** POST /api/userDrugs/add: the lookup's fields (and the chosen match's NDC and RxCUI) as a manual prescription. */
  async add(userId: string, body: Unchecked<AddUserDrugRequest>): Promise<AddUserDrugResponse> {
    const input = checked(body);
    const rxcui = typeof body.rxcui === 'string' && body.rxcui.trim() ? body.rxcui.trim() : null;
    if (body.rxcui != null && typeof body.rxcui !== 'string') throw validation({ field: 'rxcui', message: 'rxcui must be text' });
    if (rxcui !== null && !RXCUI.test(rxcui)) throw validation({ field: 'rxcui', message: 'rxcui must be an RxNorm concept id (digits)' });
    let ndc11: string | null = null;
    if (input.ndc) {
      const parsed = requireNdc('ndc', input.ndc);
      if (parsed.kind === 'exact') ndc11 = parsed.ndc11;
      else {
        // Ten bare digits: the one candidate the tables know; if none or several, the entry keeps no NDC rather
        // than a guess (its name, dosage and form are still saved).
        const known = await this.prices.knownNdcs(parsed.candidates);
        ndc11 = known.length === 1 ? known[0]!.ndc11 : null;
      }
    }
    await this.limiter.consume(DRUG_ADD_LIMIT, userId);
    const { id } = await this.manual.add(userId, {
      drugName: input.drugName,
      dosage: input.drugDosage,
      form: input.drugForm,
      patientPaid: input.patientPaid,
      ndc11,
      rxcui,
    });
    return { message: LookupTexts.added, id };
  }

  /**
   * GET /api/userDrugs: health-data's page of the member's prescriptions with the price comparison filled in:
   * one read of the fills' quantities and one of the reference tables for the whole page.
   */
  async userDrugs(userId: string, params: QueryParams<UserDrugsQuery>): Promise<UserDrugsPage> {
    const page = await this.healthData.userDrugs(userId, params);
    if (!page.queryRes.length) return page;
    const fills = await this.repository.fills(
      userId,
      page.queryRes.map((row) => row.id),
    );
    const requests = page.queryRes.map((row) => {
      const fill = fills.get(row.id);
      const ndc = row.drug_ndc ? ndcCandidates(normalizeNdc(row.drug_ndc)) : [];
      return { ndc11: ndc.length === 1 ? ndc[0]! : null, rxcui: fill?.rxcui ?? null, quantity: fill?.quantity ?? null, ndcChoices: ndc };
    });
    // Ten bare digits (as some insurers send an NDC): the candidate the tables know, when exactly one is.
    const ambiguous = requests.filter((request) => request.ndcChoices.length > 1);
    if (ambiguous.length) {
      const known = new Set((await this.prices.knownNdcs(ambiguous.flatMap((request) => request.ndcChoices))).map((drug) => drug.ndc11));
      for (const request of ambiguous) {
        const found = request.ndcChoices.filter((ndc) => known.has(ndc));
        if (found.length === 1) request.ndc11 = found[0]!;
      }
    }
    const priced = await this.prices.priceDrugs(requests.map(({ ndc11, rxcui, quantity }) => ({ ndc11, rxcui, quantity })));
    return { ...page, queryRes: page.queryRes.map((row, i) => withPrices(row, priced[i]!)) };
  }
}

/** The name search's answer to its matches. */
function byNameAnswer(matches: readonly DrugMatch[]): DrugLookupResponse {
  if (!matches.length) return { error: true, message: PricingTexts.lookupNone, pricing: null };
  return { error: false, message: LookupTexts.matches(matches.length), matches: [...matches], pricing: null };
}

function validation(problem: FieldProblem): PricingError {
  return new PricingError(PricingErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
}

/** The form's rules; a malformed NDC is answered as ndc.ts words it (PRICING.INVALID_NDC, saying what is wrong). */
function checked(body: Unchecked<DrugLookupRequest>): CheckedDrugLookup {
  const parsed = parseDrugLookup(body ?? {});
  if (parsed.ok) return parsed.value;
  if (parsed.problem.field === 'ndc' && typeof body.ndc === 'string') requireNdc('ndc', body.ndc);
  throw validation(parsed.problem);
}

function pricingOf(prices: DrugPrices, patientPaid: number): DrugPricing {
  const cheapest = [prices.brand, prices.generic].flatMap((price) => (price ? [price.price] : [])).sort((a, b) => Number(a) - Number(b))[0];
  return {
    brand: prices.brand,
    generic: prices.generic,
    patientPaid: dollars(Math.round(patientPaid * 100)),
    savings: savings(patientPaid, cheapest ?? null),
  };
}

/** The row's price comparison: each price with its name and source; the date the older of the two prices'. */
function withPrices(row: RxHistoryRow, prices: DrugPrices): RxHistoryRow {
  const { brand, generic } = prices;
  const dates = [brand?.priceDate, generic?.priceDate].filter((date): date is string => !!date).sort();
  const formula = [brand && `Brand: ${brand.formula}`, generic && `Generic: ${generic.formula}`].filter(Boolean).join('; ');
  return {
    ...row,
    brandDrugBP: brand?.price ?? null,
    genericDrugBP: generic?.price ?? null,
    bestPriceBrandSource: brand?.source ?? null,
    bestPriceGenericSource: generic?.source ?? null,
    brandDrugName: brand?.name ?? null,
    genericDrugName: generic?.name ?? null,
    brandSavings: savings(row.patient_paid, brand?.price ?? null),
    genericSavings: savings(row.patient_paid, generic?.price ?? null),
    priceDate: dates[0] ?? null,
    priceFormula: formula || null,
  };
}
