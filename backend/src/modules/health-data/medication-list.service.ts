import { Injectable } from '@nestjs/common';
import { foldMedicationList, type MedicationListEntry } from './medication-list';
import { MedicationListRepository } from './medication-list.repository';

/**
 * The member's one medication list (see medication-list.ts): what the Rx history, the interaction check, plans'
 * drug costs and the AI features read as "what this member takes".
 */
@Injectable()
export class MedicationListService {
  constructor(private readonly repository: MedicationListRepository) {}

  /** One entry per drug, deduplicated by ingredients and strength, the most recently dated first. */
  async medicationList(userId: string): Promise<MedicationListEntry[]> {
    const { rows, reference } = await this.repository.medicationData(userId);
    return rows.length ? foldMedicationList(rows, reference) : [];
  }
}
