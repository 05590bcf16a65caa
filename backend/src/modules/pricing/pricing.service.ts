import type { DrugInteractionsResponse } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { MedicationListService } from '../health-data';
import { pairInteractions, type IdentifiedDrug } from './drug-interactions';
import { InteractionListsService } from './interaction-lists.service';
import { INTERACTIONS_SOURCE } from './reference-data/reference-files';

const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];

@Injectable()
export class PricingService {
  constructor(
    private readonly interactionLists: InteractionListsService,
    private readonly medicationList: MedicationListService,
  ) {}

  /**
   * Every ONC-listed interaction between the member's drugs, by ingredient: the drugs of their one medication list
   * (claims, medication resources and manual entries, one entry per drug), each identified by code (NDC or RxCUI,
   * never by its name). A drug whose ingredients the reference tables do not give is listed in `unchecked` instead.
   */
  async drugInteractions(userId: string): Promise<DrugInteractionsResponse> {
    const medications = await this.medicationList.medicationList(userId);
    const found = await this.interactionLists.among(unique(medications.flatMap((m) => m.ingredients.map((i) => i.rxcui))));
    if (found.interactionsAsOf === null) throw new Error('the drug interaction lists are not loaded');

    const identified: IdentifiedDrug[] = [];
    const unchecked: string[] = [];
    for (const medication of medications) {
      if (medication.ingredients.length) {
        identified.push({ name: medication.displayName, ingredientRxcuis: medication.ingredients.map((ingredient) => ingredient.rxcui) });
      } else {
        unchecked.push(medication.displayName);
      }
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
