import { DRUG_FORMS, hasControlCharacters, INPUT_MAX_LENGTH, type FieldProblem } from '@healthlink/contracts';
import { Injectable, Optional } from '@nestjs/common';
import { UserReadCache } from '../../common/http/read-cache';
import { HealthDataError } from './health-data.errors';
import { MedicationListRepository } from './medication-list.repository';

/** A medication the member entered themselves (POST /api/userDrugs/add, already checked by the pricing module). */
export interface ManualPrescriptionEntry {
  drugName: string;
  dosage: string;
  /** One of the lookup form's Drug Type options (DRUG_FORMS). */
  form: string;
  /** Dollars, not below 0. */
  patientPaid: number;
  /** The chosen match's NDC, 11 digits; null when none was chosen. */
  ndc11: string | null;
  /** The chosen match's RxCUI; null when none was chosen (then taken from the NDC when the tables know it). */
  rxcui: string | null;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The member's own entries in their medication list. Stored in `prescriptions` with insurer_key 'manual' (not an
 * insurer: it is never listed or unlinked as one), source_kind 'manual', dated today (UTC), so that they show in
 * GET /api/userDrugs and the medication list beside what insurers sent. Unlinking an insurer and the re-sync work
 * by insurer key and never touch them; deleting the account removes them (users foreign key, ON DELETE CASCADE).
 */
@Injectable()
export class ManualPrescriptionsService {
  constructor(
    private readonly repository: MedicationListRepository,
    @Optional() private readonly readCache?: UserReadCache,
  ) {}

  /**
   * Stores one entry and answers its id. The caller has validated the form; the rules are checked again here (a 400
   * naming the request's field) so that no caller can store what the form would refuse.
   */
  async add(
    userId: string,
    entry: { drugName: string; dosage: string; form: string; patientPaid: number; ndc11: string | null; rxcui: string | null },
  ): Promise<{ id: string }> {
    const problem = manualEntryProblem(entry);
    if (problem) throw HealthDataError.rule(problem);
    const id = await this.repository.insertManual(userId, {
      drugName: entry.drugName.trim(),
      dosage: entry.dosage.trim(),
      form: entry.form,
      patientPaid: Math.round(entry.patientPaid * 100) / 100,
      ndc11: entry.ndc11,
      rxcui: entry.rxcui,
      datePrescribed: isoDay(new Date()),
    });
    this.readCache?.evictUser(userId);
    return { id };
  }
}

/** The first rule a manual entry breaks, named by the field of POST /api/userDrugs/add; null when it keeps them all. */
export function manualEntryProblem(entry: ManualPrescriptionEntry): FieldProblem | null {
  const text = (field: string, value: unknown): FieldProblem | null => {
    if (typeof value !== 'string' || !value.trim()) return { field, message: `${field} is required` };
    if (value.length > INPUT_MAX_LENGTH) return { field, message: `${field} must be at most ${INPUT_MAX_LENGTH} characters` };
    if (hasControlCharacters(value)) return { field, message: `${field} must not contain control characters` };
    return null;
  };
  const problem = text('drugName', entry.drugName) ?? text('drugDosage', entry.dosage);
  if (problem) return problem;
  if (!(DRUG_FORMS as readonly string[]).includes(entry.form)) {
    return { field: 'drugForm', message: `drugForm must be one of ${DRUG_FORMS.join(', ')}` };
  }
  if (typeof entry.patientPaid !== 'number' || !Number.isFinite(entry.patientPaid) || entry.patientPaid < 0 || entry.patientPaid >= 1e7) {
    return { field: 'patientPaid', message: 'patientPaid must be a number of dollars, not below 0' };
  }
  if (entry.ndc11 !== null && !(typeof entry.ndc11 === 'string' && /^\d{11}$/.test(entry.ndc11))) {
    return { field: 'ndc', message: 'ndc must be 11 digits (normalised) or null' };
  }
  if (entry.rxcui !== null && !(typeof entry.rxcui === 'string' && /^\d{1,10}$/.test(entry.rxcui))) {
    return { field: 'rxcui', message: 'rxcui must be an RxNorm concept id (digits) or null' };
  }
  return null;
}
