import type { MedicalCodeEntry } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The member's own codes, from their claims (diagnoses, procedures) and prescriptions (NDCs). */
export interface MemberCodes {
  diagnoses: (MedicalCodeEntry & { count: number })[];
  procedures: (MedicalCodeEntry & { count: number })[];
  drugs: (MedicalCodeEntry & { count: number })[];
}

// Read-only, by the user_id that leads each table's index; codes upper case as the claims wrote them (dots kept),
// grouped without their dots. Cancelled or entered-in-error claims never happened.
const MEMBER_CODES = `
  WITH dx AS (
    SELECT upper(trim(d->>'diagnosis_code')) AS code, d->>'diagnosis_display' AS display, cl.service_date AS seen
    FROM claims cl CROSS JOIN LATERAL jsonb_array_elements(cl.diagnoses) d
    WHERE cl.user_id = $1 AND coalesce(d->>'diagnosis_code', '') <> '' AND coalesce(lower(cl.status), '') <> ALL($2::text[])
  ), px AS (
    SELECT upper(trim(p->>'procedure_code')) AS code, p->>'procedure_display' AS display,
      coalesce(CASE WHEN (p->>'procedure_date') ~ '^\\d{4}-\\d{2}-\\d{2}' THEN left(p->>'procedure_date', 10)::date END, cl.service_date) AS seen
    FROM claims cl CROSS JOIN LATERAL jsonb_array_elements(cl.procedures) p
    WHERE cl.user_id = $1 AND coalesce(p->>'procedure_code', '') <> '' AND coalesce(lower(cl.status), '') <> ALL($2::text[])
  ), rx AS (
    SELECT regexp_replace(pr.drug_ndc, '[^0-9]', '', 'g') AS code, pr.drug_name AS display, pr.date_prescribed AS seen
    FROM prescriptions pr
    WHERE pr.user_id = $1 AND coalesce(pr.drug_ndc, '') <> ''
  ), found AS (
    SELECT 'diagnosis' AS kind, * FROM dx UNION ALL SELECT 'procedure', * FROM px UNION ALL SELECT 'drug', * FROM rx
  )
  SELECT kind, (array_agg(code ORDER BY seen DESC NULLS LAST))[1] AS code,
    (array_agg(display ORDER BY seen DESC NULLS LAST) FILTER (WHERE display IS NOT NULL AND display <> ''))[1] AS display,
    to_char(max(seen), 'YYYY-MM-DD') AS last_seen, count(*)::int AS count
  FROM found
  WHERE code <> ''
  GROUP BY kind, replace(code, '.', '')
  ORDER BY kind, max(seen) DESC NULLS LAST, 2`;

/**
 * The member's codes (diagnoses and procedures of their claims, NDCs of their prescriptions) with the newest text
 * and date of each, for modules that explain them (ai). Read-only; the rows stay health-data's.
 */
@Injectable()
export class MemberCodesReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async memberCodes(userId: string): Promise<MemberCodes> {
    const rows: {
      kind: 'diagnosis' | 'procedure' | 'drug';
      code: string;
      display: string | null;
      last_seen: string | null;
      count: number;
    }[] = await this.dataSource.query(MEMBER_CODES, [userId, ['entered-in-error', 'cancelled']]);
    const out: MemberCodes = { diagnoses: [], procedures: [], drugs: [] };
    for (const row of rows) {
      const entry = { code: row.code, display: row.display, lastSeen: row.last_seen, count: row.count };
      (row.kind === 'diagnosis' ? out.diagnoses : row.kind === 'procedure' ? out.procedures : out.drugs).push(entry);
    }
    return out;
  }
}
