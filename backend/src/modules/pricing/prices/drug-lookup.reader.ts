import { Injectable } from '@nestjs/common';
import { PricesService } from './prices.service';

/** A drug found by name, with what a plan's cost-sharing needs: brand or generic, and a 30-day price. */
export interface LookedUpDrugCost {
  /** As RxNorm (or NADAC) names the match, e.g. "atorvastatin 20 MG Oral Tablet". */
  name: string;
  kind: 'brand' | 'generic';
  /** Dollars for a 30-day fill (NADAC x an assumed 30 units + the dispensing fee); null when unpriced. */
  monthlyCost: number | null;
  /** YYYY-MM-DD of the NADAC rate; null when unpriced. */
  priceAsOf: string | null;
}

/**
 * Drug name -> the best match and its 30-day price, for other modules (the plans' drug cost search). The same
 * search and prices as POST /api/drugLookup: the in-memory name index, then NADAC.
 */
@Injectable()
export class DrugLookupReader {
  constructor(private readonly prices: PricesService) {}

  async lookupByName(name: string): Promise<LookedUpDrugCost | null> {
    const [match] = await this.prices.searchDrugs(name, '', null);
    if (!match) return null;
    // A brand name of its own (Lipitor) makes it the brand; a match by its generic name is the generic.
    const generic = (match.nonProprietaryName ?? '').trim().toLowerCase();
    const brand = (match.proprietaryName ?? '').trim().toLowerCase();
    const kind: LookedUpDrugCost['kind'] = brand && brand !== generic ? 'brand' : 'generic';
    const [prices] = await this.prices.priceDrugs([{ ndc11: match.ndc, rxcui: match.rxcui, quantity: null }]);
    const price = kind === 'brand' ? (prices?.brand ?? prices?.generic) : (prices?.generic ?? prices?.brand);
    return {
      name: [match.drugName, match.strength].filter(Boolean).join(' '),
      kind,
      monthlyCost: price ? Number(price.price) : null,
      priceAsOf: price?.priceDate ?? null,
    };
  }
}
