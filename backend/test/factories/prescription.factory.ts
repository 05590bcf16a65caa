import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

export interface PrescriptionSpec {
  drugName: string | null;
  /** As health-data stores it: the insurer's code without dashes (10 or 11 digits), or null. */
  drugNdc: string | null;
  /** YYYY-MM-DD */
  datePrescribed: string | null;
  insurerKey: string;
}

/** A persisted row of health-data's `prescriptions` for the user, as a pharmacy claim's projection leaves it. */
export async function createPrescription(
  dataSource: DataSource,
  userId: string,
  overrides: Partial<PrescriptionSpec> = {},
): Promise<string> {
  const spec: PrescriptionSpec = {
    drugName: 'Lisinopril 10 MG Oral Tablet',
    drugNdc: '68180051301',
    datePrescribed: '2025-03-04',
    insurerKey: 'uhc',
    ...overrides,
  };
  const rows: { id: string }[] = await dataSource.query(
    `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_name, drug_ndc, date_prescribed)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, spec.insurerKey, `ExplanationOfBenefit/${randomUUID()}/1`, spec.drugName, spec.drugNdc, spec.datePrescribed],
  );
  return rows[0]!.id;
}
