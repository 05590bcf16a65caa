import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** One distinct diagnosis code of the member's, from their conditions and their claims. */
export interface MemberDiagnosis {
  /** Upper case, without its dot (E119), as the code tables write it. */
  code: string;
  /** The record's own text for it (the newest one seen), if any. */
  display: string | null;
  sources: ('condition' | 'claim')[];
}

/** Condition code systems read as ICD-10(-CM); ICD-9-CM claims codes are left to the reader to reject by table. */
const ICD10_SYSTEMS = ['http://hl7.org/fhir/sid/icd-10-cm', 'http://hl7.org/fhir/sid/icd-10'];
/** Conditions the member no longer has are not theirs to match against. */
const ENDED_STATUSES = ['resolved', 'inactive', 'remission'];

// Both sources in one statement, by the user_id that leads each table's index; a code may come from both.
const DIAGNOSES = `
  WITH found AS (
    SELECT upper(replace(c.code, '.', '')) AS code, c.display, 'condition' AS source, c.onset_date AS seen
    FROM conditions c
    WHERE c.user_id = $1 AND c.code IS NOT NULL AND c.code_system = ANY($2::text[])
      AND coalesce(lower(c.clinical_status), 'active') <> ALL($3::text[])
    UNION ALL
    SELECT upper(replace(d->>'diagnosis_code', '.', '')), d->>'diagnosis_display', 'claim', cl.service_date
    FROM claims cl CROSS JOIN LATERAL jsonb_array_elements(cl.diagnoses) d
    WHERE cl.user_id = $1 AND coalesce(d->>'diagnosis_code', '') <> ''
  )
  SELECT code,
    (array_agg(display ORDER BY seen DESC NULLS LAST) FILTER (WHERE display IS NOT NULL))[1] AS display,
    array_agg(DISTINCT source ORDER BY source) AS sources
  FROM found
  GROUP BY code
  ORDER BY code`;

/**
 * The member's diagnoses (ICD-10 codes of their active conditions and of their claims), for modules that match on
 * them (trials). Read-only; the rows stay health-data's.
 */
@Injectable()
export class MemberDiagnosesReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async diagnosesOf(userId: string): Promise<MemberDiagnosis[]> {
    const rows: { code: string; display: string | null; sources: ('condition' | 'claim')[] }[] = await this.dataSource.query(DIAGNOSES, [
      userId,
      ICD10_SYSTEMS,
      ENDED_STATUSES,
    ]);
    return rows.map((row) => ({ code: row.code, display: row.display, sources: row.sources }));
  }
}
