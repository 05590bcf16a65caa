import type { DrugForm, DrugMatch, FillPrice } from '@healthlink/contracts';
import { Injectable, Logger, Optional } from '@nestjs/common';
import { ErrorRecorder } from '../../../common/errors';
import type { DrugNameIndex } from './drug-name-index';
import { DrugNameIndexService } from './drug-name-index.service';
import { MAX_MATCHES, rankMatches } from './drug-search';
import { cheapestRate, fillPrice, quantityFor, type NadacRate } from './fill-price';
import { PricesRepository, type KnownNdc, type PriceFacts, type PriceKey } from './prices.repository';

/** A drug to price, and the quantity of its fill when the prescription says (in the NDC's billing unit). */
export interface PriceRequest extends PriceKey {
  quantity: number | null;
}

/** The brand and generic prices per fill of one drug; null where there is none (shown as N/A). */
export interface DrugPrices {
  brand: FillPrice | null;
  generic: FillPrice | null;
}

export const DRUG_PRICE_INVALID = 'DRUG_PRICE_INVALID';
/** How many bad rows this process remembers having logged (each is logged once, not at every read). */
const LOGGED_LIMIT = 10_000;
/** Candidates read per kind before ranking: enough for the exact names to be among them. */
const SEARCH_CANDIDATES = 40;
/** Ranked answers kept per name index (name, dosage and form as typed): people look up the same few hundred drugs. */
const RANKED_ANSWERS = 1_000;

const PER_EACH = /\b(tablet|capsule|caplet|lozenge|troche|suppository|patch|pack|kit)/i;

/** The most frequent value (ties: the first in text order); null when there are none. */
function mostFrequent(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

/**
 * Brand and generic prices per fill from NADAC (fill-price.ts has the formula), drug name search and NDC lookup.
 * A rate that is not a usable price (negative, zero, NaN, absurd, an unknown unit) is logged once as
 * DRUG_PRICE_INVALID, with the NDC and the reason only, and left out: the price is null, never $0.
 */
@Injectable()
export class PricesService {
  private readonly logger = new Logger(PricesService.name);
  private readonly logged = new Set<string>();
  /** The last ranked answers of the current name index, least recently used first; a new index starts empty. */
  private ranked: { index: DrugNameIndex; answers: Map<string, readonly DrugMatch[]> } | null = null;

  constructor(
    private readonly repository: PricesRepository,
    private readonly errors: ErrorRecorder,
    @Optional() private readonly nameIndex?: DrugNameIndexService,
  ) {}

  /** The prices of each drug, in order, from one read of the reference tables for the whole list. */
  async priceDrugs(requests: readonly PriceRequest[]): Promise<DrugPrices[]> {
    const facts = await this.repository.priceFacts(requests);
    const invalid: { rate: NadacRate; problem: string }[] = [];
    const onInvalid = (rate: NadacRate, problem: string): void => {
      invalid.push({ rate, problem });
    };
    const prices = facts.map((fact, i) => this.pricesOf(fact, requests[i]!.quantity, onInvalid));
    await this.logInvalid(invalid);
    return prices;
  }

  /**
   * Name search (the lookup form without an NDC): up to MAX_MATCHES matches, best first. The candidates come from the
   * in-memory index (the same as the SQL's, without a database round trip), or from the SQL until it is built.
   * Frozen; a repeated search answers the same array while the index is the same (callers may key on it).
   */
  async searchDrugs(name: string, dosage: string, form: DrugForm | null): Promise<readonly DrugMatch[]> {
    const index = this.nameIndex?.current;
    if (!index) {
      const candidates = await this.repository.searchCandidates(name.trim(), SEARCH_CANDIDATES);
      return rankMatches(name, dosage, form, candidates).slice(0, MAX_MATCHES);
    }
    if (this.ranked?.index !== index) this.ranked = { index, answers: new Map() };
    const { answers } = this.ranked;
    const key = JSON.stringify([name, dosage, form]);
    let answer = answers.get(key);
    if (answer) {
      answers.delete(key);
    } else {
      answer = Object.freeze(rankMatches(name, dosage, form, index.search(name.trim(), SEARCH_CANDIDATES)).slice(0, MAX_MATCHES));
      if (answers.size >= RANKED_ANSWERS) answers.delete(answers.keys().next().value!);
    }
    answers.set(key, answer);
    return answer;
  }

  /** Which of an NDC's 11-digit candidates the reference tables know, with a name for each. */
  knownNdcs(ndc11s: readonly string[]): Promise<KnownNdc[]> {
    return this.repository.knownNdcs(ndc11s);
  }

  private pricesOf(facts: PriceFacts, knownQuantity: number | null, onInvalid: (rate: NadacRate, problem: string) => void): DrugPrices {
    // The pricing unit of the drug asked about (its own weekly rate), else the one most of its equivalents use;
    // history rates have none, so a drug known only there is priced per EA when its dose form is counted in units.
    const own = [...facts.brand, ...facts.generic].find((rate) => rate.ndc11 === facts.ndc11 && rate.source === 'nadac-weekly');
    const unitOf = (rates: readonly NadacRate[]): string | null =>
      own?.pricingUnit ??
      mostFrequent(rates.flatMap((rate) => (rate.source === 'nadac-weekly' && rate.pricingUnit ? [rate.pricingUnit] : []))) ??
      (PER_EACH.test(facts.doseForm ?? facts.rxnormName ?? '') ? 'EA' : null);
    const priceOf = (rates: readonly NadacRate[]): FillPrice | null => {
      if (!rates.length) return null;
      const unit = unitOf(rates);
      const rate = cheapestRate(rates, unit, onInvalid);
      const quantity = quantityFor(knownQuantity, unit);
      if (!rate || !unit || !quantity) return null;
      return fillPrice(rate, unit, quantity, rate.rxnormName ?? rate.description ?? `NDC ${rate.ndc11}`);
    };
    return { brand: priceOf(facts.brand), generic: priceOf(facts.generic) };
  }

  private async logInvalid(found: readonly { rate: NadacRate; problem: string }[]): Promise<void> {
    const fresh = found.filter(({ rate, problem }) => {
      const key = `${rate.ndc11}|${rate.source}|${rate.effectiveDate}|${problem}`;
      if (this.logged.has(key)) return false;
      if (this.logged.size >= LOGGED_LIMIT) this.logged.clear();
      this.logged.add(key);
      return true;
    });
    // A failure to log must not fail the read: the price is already null.
    await Promise.all(
      fresh.map(({ rate, problem }) =>
        this.errors
          .record({ errorType: DRUG_PRICE_INVALID, errorDetails: { ndc: rate.ndc11, source: rate.source, reason: problem } })
          .catch((error: unknown) => this.logger.warn({ err: error, ndc: rate.ndc11 }, 'DRUG_PRICE_INVALID could not be logged')),
      ),
    );
  }
}
