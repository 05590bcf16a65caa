import type { DrugInteractionsResponse } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { pairInteractions, type IdentifiedDrug } from './drug-interactions';
import { ndcCandidates, normalizeNdc } from './ndc';
import { PricingRepository, type NdcDrug } from './pricing.repository';
import { INTERACTIONS_SOURCE } from './reference-data/reference-files';

const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];

@Injectable()
export class PricingService {
  constructor(private readonly repository: PricingRepository) {}

  /**
   * Every ONC-listed interaction between the member's drugs, by ingredient. A drug is identified by its NDC only
   * (never by its name): one without an NDC, with one the reference tables lack, or with ten bare digits that
   * could be more than one known NDC, is listed in `unchecked` instead.
   */
  async drugInteractions(userId: string): Promise<DrugInteractionsResponse> {
    const medications = (await this.repository.medications(userId)).map((medication) => ({
      ...medication,
      candidates: medication.drugNdc ? ndcCandidates(normalizeNdc(medication.drugNdc)) : [],
    }));
    const found = await this.repository.drugsAndInteractions(unique(medications.flatMap((medication) => medication.candidates)));
    if (found.interactionsAsOf === null) throw new Error('the drug interaction lists are not loaded');
    const byNdc = new Map(found.drugs.map((drug) => [drug.ndc11, drug]));

    const identified: IdentifiedDrug[] = [];
    const unchecked: string[] = [];
    for (const medication of medications) {
      const matches = medication.candidates.flatMap((ndc11) => byNdc.get(ndc11) ?? []);
      const drug: NdcDrug | undefined = matches.length === 1 ? matches[0] : undefined;
      const name = displayName(medication.drugName, drug) ?? (medication.drugNdc ? `NDC ${medication.drugNdc}` : null);
      if (!name) continue;
      if (drug?.ingredients.length) identified.push({ name, ingredientRxcuis: drug.ingredients.map((ingredient) => ingredient.rxcui) });
      else unchecked.push(name);
    }
    const checkedNames = new Set(identified.map((drug) => drug.name.toLowerCase()));
    return {
      interactions: pairInteractions(identified, found.interactions),
      asOf: found.interactionsAsOf,
      source: INTERACTIONS_SOURCE,
      unchecked: unique(unchecked).filter((name) => !checkedNames.has(name.toLowerCase())),
    };
  }
}

/** The name the member knows the drug by (their claim's), else RxNorm's, else its ingredients'. */
function displayName(drugName: string | null, drug: NdcDrug | undefined): string | null {
  const own = drugName?.trim();
  if (own) return own;
  if (drug?.rxnormName) return drug.rxnormName;
  return drug?.ingredients.length ? drug.ingredients.map((ingredient) => ingredient.name).join(' / ') : null;
}
