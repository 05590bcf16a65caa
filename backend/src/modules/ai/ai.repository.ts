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

const DRUGS = `
  SELECT d.ndc11, d.rxcui, c.name,
    coalesce((SELECT array_agg(i.name ORDER BY i.name) FROM rxnorm_concepts i WHERE i.rxcui = ANY(d.ingredient_rxcuis)), '{}') AS ingredients
  FROM ndc_drugs d LEFT JOIN rxnorm_concepts c ON c.rxcui = d.rxcui
  WHERE d.ndc11 = ANY($1::text[])`;

@Injectable()
export class AiRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
