import { Injectable, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { UserDataChangesListener } from '../health-data';
import { PricesRepository } from './prices/prices.repository';
import { PricingRepository, type IngredientInteraction, type IngredientInteractions } from './pricing.repository';
import { ReferenceDataService } from './reference-data/reference-data.service';
import { ReferenceSnapshotService } from './reference-data/reference-snapshot.service';

/** The ONC lists in memory: each ingredient's interactions with the ingredients after it, in the tables' order. */
export interface InteractionLists {
  byFirst: Map<string, IngredientInteraction[]>;
  asOf: string | null;
}

/**
 * The ONC interaction lists (~3,000 pairs, a few hundred KB) kept in each API process as ReferenceSnapshotService
 * says, so a member's interaction check costs no query of its own beyond their medication list.
 */
@Injectable()
export class InteractionListsService extends ReferenceSnapshotService<InteractionLists> {
  protected readonly label = 'drug interaction lists';

  constructor(
    private readonly repository: PricingRepository,
    versions: PricesRepository,
    referenceData: ReferenceDataService,
    @Optional() changes?: UserDataChangesListener,
    @Optional() config?: ConfigService<AppConfig, true>,
  ) {
    super(versions, referenceData, changes, config);
  }

  /** Every listed interaction among these ingredient RxCUIs (as PricingRepository.interactionsAmong answers). */
  async among(ingredientRxcuis: readonly string[]): Promise<IngredientInteractions> {
    const lists = this.current;
    if (!lists) return this.repository.interactionsAmong(ingredientRxcuis);
    const asked = new Set(ingredientRxcuis);
    const found: IngredientInteraction[] = [];
    for (const first of [...asked].sort()) {
      for (const interaction of lists.byFirst.get(first) ?? []) if (asked.has(interaction.b)) found.push(interaction);
    }
    return { interactions: found, interactionsAsOf: lists.asOf };
  }

  protected async load(): Promise<{ snapshot: InteractionLists; size: Record<string, number> }> {
    const all = await this.repository.allInteractions();
    const byFirst = new Map<string, IngredientInteraction[]>();
    for (const interaction of all.interactions) {
      const list = byFirst.get(interaction.a);
      if (list) list.push(interaction);
      else byFirst.set(interaction.a, [interaction]);
    }
    return { snapshot: { byFirst, asOf: all.interactionsAsOf }, size: { pairs: all.interactions.length } };
  }
}
