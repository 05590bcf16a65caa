import {
  hasControlCharacters,
  INPUT_MAX_LENGTH,
  parseBidId,
  PlanTexts,
  type DrugFormularySearchRequest,
  type PlanSearchResponse,
  type PollingEventCreatedResponse,
  type ProviderSearchRequest,
  type Unchecked,
} from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { RateLimiter, type RateLimitRule } from '../auth';
import { DrugLookupReader } from '../pricing';
import { PollingService } from '../polling';
import { PlanCatalogueService } from './catalogue/plan-catalogue.service';
import { ProviderDirectory } from './catalogue/provider-directory';
import type { CataloguePlan } from './plan-types';
import { PlansError } from './plans.errors';
import { MemberHomeReader } from './member-home';
import { drugTierCost } from './ranking/drug-cost';

export const PROVIDER_SEARCH_KIND = 'plan-provider-search';
export const DRUG_FORMULARY_SEARCH_KIND = 'plan-drug-formulary-search';
/** Rows a search answers at most. */
export const SEARCH_MAX_ROWS = 25;
/** Plans of one carrier the drug search prices at most (the member's county has rarely more). */
const MAX_PLANS = 12;

export const PLAN_SEARCH_LIMITS = {
  searchesPerUser: { name: 'plan-search', max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export interface ProviderSearchPayload {
  carrier: string;
  providerName: string;
  bidId: string | null;
}
export interface DrugSearchPayload {
  carrier: string;
  drugName: string;
  bidId: string | null;
}

function text(field: string, value: unknown): string {
  const checked = typeof value === 'string' ? value.trim() : '';
  if (!checked) throw PlansError.rule({ field, message: PlanTexts.fieldRequired });
  if (checked.length > INPUT_MAX_LENGTH || hasControlCharacters(checked)) throw PlansError.rule({ field, message: PlanTexts.textInvalid });
  return checked;
}

function optionalBidId(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = parseBidId(value);
  if (!parsed.ok) throw PlansError.rule(parsed.problem);
  return parsed.value;
}

const ended = (status: PlanSearchResponse['status']): PlanSearchResponse => ({ status, response: null });

/**
 * The plan details page's two searches (part 2 §7): in-network doctors and the plan's drug costs. Both answer a
 * pollingEventID; the polled response is `PlanSearchResponse` (status `complete` with a table, or the spec's status
 * words). Neither has the data a real network directory or formulary would give, and each table says so:
 * - doctors: the NPPES registry sample (who is registered where), not the carrier's network;
 * - drugs: no 2026 formulary is in the data, so the tier is estimated (brand or generic, and price) and the cost
 *   is the plan's published cost-sharing for that tier.
 */
@Injectable()
export class PlanSearchesService {
  constructor(
    private readonly polling: PollingService,
    private readonly catalogue: PlanCatalogueService,
    private readonly providers: ProviderDirectory,
    private readonly drugLookup: DrugLookupReader,
    private readonly homes: MemberHomeReader,
    private readonly limiter: RateLimiter,
  ) {}

  async providerSearch(userId: string, body: Unchecked<ProviderSearchRequest>): Promise<PollingEventCreatedResponse> {
    const payload: ProviderSearchPayload = {
      carrier: text('carrier', body.carrier),
      providerName: text('providerName', body.providerName),
      bidId: optionalBidId(body.bidId),
    };
    await this.limiter.consume(PLAN_SEARCH_LIMITS.searchesPerUser, userId);
    return this.answered(userId, PROVIDER_SEARCH_KIND, await this.searchProviders(userId, payload));
  }

  async drugFormularySearch(userId: string, body: Unchecked<DrugFormularySearchRequest>): Promise<PollingEventCreatedResponse> {
    const payload: DrugSearchPayload = {
      carrier: text('carrier', body.carrier),
      drugName: text('drugName', body.drugName),
      bidId: optionalBidId(body.bidId),
    };
    await this.limiter.consume(PLAN_SEARCH_LIMITS.searchesPerUser, userId);
    return this.answered(userId, DRUG_FORMULARY_SEARCH_KIND, await this.searchDrugCosts(userId, payload));
  }

  /**
   * Both searches take milliseconds (the directory is in memory, the drug one a few indexed reads), so they run in the
   * request and the polling event is recorded already ended: the spec's pollingEventID, without a queue or a worker.
   */
  private async answered(userId: string, kind: string, answer: PlanSearchResponse): Promise<PollingEventCreatedResponse> {
    return { pollingEventID: await this.polling.recordEnded(userId, kind, answer.status === 'complete' ? 'complete' : 'missing', answer) };
  }

  /** Doctors by name, the member's state first (the plan's states when a plan is named). */
  async searchProviders(userId: string, payload: ProviderSearchPayload): Promise<PlanSearchResponse> {
    const plans = await this.catalogue.plansOfCarrier(payload.carrier);
    if (!plans.length) return ended(PlanTexts.searchNoCarrier);
    const state = (await this.memberPlace(userId))?.state ?? null;
    const found = this.providers.search(payload.providerName, { state }).slice(0, SEARCH_MAX_ROWS);
    if (!found.length) return ended(PlanTexts.searchNoProviders);
    return {
      status: 'complete',
      response: {
        tableHeaders: ['Name', 'Credential', 'Specialty code', 'Address', 'Phone', 'NPI'],
        tableData: found.map((provider) => [
          provider.displayName,
          provider.credential ?? '',
          provider.taxonomyCode ?? '',
          provider.address,
          provider.phone ?? '',
          provider.npi,
        ]),
        note:
          `From a sample of the national provider registry (NPPES, ${this.providers.asOf}). It shows who is registered ` +
          `where, not who is in ${payload.carrier}'s network: call the plan or the office to check before you switch.`,
        dataAsOf: this.providers.asOf,
      },
    };
  }

  /** One drug's 30-day cost under the carrier's plans (the member's county first), by its estimated tier. */
  async searchDrugCosts(userId: string, payload: DrugSearchPayload): Promise<PlanSearchResponse> {
    const carrierPlans = await this.catalogue.plansOfCarrier(payload.carrier);
    if (!carrierPlans.length) return ended(PlanTexts.searchNoCarrier);
    const plans = await this.plansToPrice(userId, carrierPlans, payload.bidId);
    const withDrugs = plans.filter((plan) => plan.hasDrugCoverage && plan.drugTiers.length > 0);
    if (!withDrugs.length) return ended(PlanTexts.searchNoFormulary);
    const drug = await this.drugLookup.lookupByName(payload.drugName);
    if (!drug) return ended(PlanTexts.searchNoDrug);
    return {
      status: 'complete',
      response: {
        tableHeaders: ['Plan', 'Drug', 'Estimated tier', 'Your cost for 30 days', 'Drug deductible'],
        tableData: withDrugs.slice(0, MAX_PLANS).map((plan) => {
          const cost = drugTierCost(plan, { kind: drug.kind, monthlyCost: drug.monthlyCost });
          return [
            plan.name,
            drug.name,
            cost.tierLabel,
            cost.costText,
            plan.drugDeductible === null ? 'Not stated' : usd(plan.drugDeductible),
          ];
        }),
        note:
          'Our 2026 plan data has no formulary (the list of drugs each plan covers), so the tier is estimated from ' +
          `whether the drug is brand or generic${drug.monthlyCost === null ? '' : ` and its price (${usd(drug.monthlyCost)} for 30 days, NADAC ${drug.priceAsOf})`}. ` +
          'Check the plan’s formulary before you switch.',
        dataAsOf: this.catalogue.dataAsOf,
      },
    };
  }

  /** The named plan; else the carrier's plans in the member's county; else (no county known) the carrier's first. */
  private async plansToPrice(userId: string, carrierPlans: CataloguePlan[], bidId: string | null): Promise<CataloguePlan[]> {
    if (bidId) return carrierPlans.filter((plan) => plan.bidId === bidId);
    const place = await this.memberPlace(userId);
    if (!place) return carrierPlans.slice(0, MAX_PLANS);
    const inCounty = new Set((await this.catalogue.plansInCounty(place.state, place.county)).plans.map((plan) => plan.bidId));
    const local = carrierPlans.filter((plan) => inCounty.has(plan.bidId));
    return local.length ? local : carrierPlans.slice(0, MAX_PLANS);
  }

  /** The member's county (their state's part of a ZIP that crosses a state line); null when no ZIP places them. */
  private async memberPlace(userId: string) {
    const home = await this.homes.homeOf(userId);
    return home ? this.catalogue.countyOfZip(home.zip, home.state ?? undefined) : null;
  }
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usd = (dollars: number): string => usdFormat.format(dollars);
