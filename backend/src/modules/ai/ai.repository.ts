import type { MedicalCodeEntry } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isNdc11 } from './code-patterns';
import type { DrugFacts } from './offline-knowledge';

/** One call's usage row (`ai_usage`). */
export interface AiUsageRow {
  userId: string;
  endpoint: string;
  provider: 'offline' | 'openai';
  model: string;
  inputTokens: number;
  outputTokens: number;
  cost: number;
}

/** The key of a cached definition (`code_definitions`). */
export interface DefinitionKey {
  codeType: string;
  code: string;
  language: string;
  provider: 'offline' | 'openai';
  model: string;
}

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

const DRUGS = `
  SELECT d.ndc11, d.rxcui, c.name,
    coalesce((SELECT array_agg(i.name ORDER BY i.name) FROM rxnorm_concepts i WHERE i.rxcui = ANY(d.ingredient_rxcuis)), '{}') AS ingredients
  FROM ndc_drugs d LEFT JOIN rxnorm_concepts c ON c.rxcui = d.rxcui
  WHERE d.ndc11 = ANY($1::text[])`;

@Injectable()
export class AiRepository {
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

  /** The drug directory's names of NDCs (11 digits), as pricing loaded them. */
  async drugsByNdc(ndc11s: string[]): Promise<DrugFacts[]> {
    const valid = ndc11s.filter(isNdc11);
    if (!valid.length) return [];
    const rows: { ndc11: string; rxcui: string; name: string | null; ingredients: string[] }[] = await this.dataSource.query(DRUGS, [
      valid,
    ]);
    return rows.map((row) => ({ ndc11: row.ndc11, rxcui: row.rxcui, name: row.name, ingredients: row.ingredients }));
  }

  async insertUsage(row: AiUsageRow): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ai_usage (user_id, endpoint, provider, model, input_tokens, output_tokens, total_tokens, cost)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.userId, row.endpoint, row.provider, row.model, row.inputTokens, row.outputTokens, row.inputTokens + row.outputTokens, row.cost],
    );
  }

  async findDefinition<T>(key: DefinitionKey): Promise<T | null> {
    const [row]: { definition: T }[] = await this.dataSource.query(
      `SELECT definition FROM code_definitions WHERE code_type = $1 AND code = $2 AND language = $3 AND provider = $4 AND model = $5`,
      [key.codeType, key.code, key.language, key.provider, key.model],
    );
    return row?.definition ?? null;
  }

  /** Idempotent: the newest definition of a key wins. */
  async saveDefinition(key: DefinitionKey, definition: object): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO code_definitions (code_type, code, language, provider, model, definition)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (code_type, code, language, provider, model)
       DO UPDATE SET definition = EXCLUDED.definition, updated_at = now()`,
      [key.codeType, key.code, key.language, key.provider, key.model, JSON.stringify(definition)],
    );
  }
}
