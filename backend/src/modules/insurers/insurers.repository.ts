import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SEALED_PREFIX } from './token-cipher';

/** An OAuth state, spent or about to be: the PKCE verifier is sealed by TokenCipher. */
export interface OAuthState {
  id: string;
  userId: string;
  insurer: string;
  subset: string | null;
  codeVerifierEnc: string;
}

/** A user's link to an insurer: its tokens sealed by TokenCipher. */
export interface InsurerLink {
  id: string;
  userId: string;
  insurer: string;
  subset: string | null;
  patientId: string | null;
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  accessExpiresAt: Date | null;
}

interface OAuthStateRow {
  id: string;
  user_id: string;
  insurer_key: string;
  subset: string | null;
  code_verifier_enc: string;
}

interface InsurerLinkRow {
  id: string;
  user_id: string;
  insurer_key: string;
  subset: string | null;
  patient_id: string | null;
  access_token_enc: string;
  refresh_token_enc: string | null;
  access_expires_at: Date | null;
}

const STATE_COLUMNS = 'id, user_id, insurer_key, subset, code_verifier_enc';
const LINK_COLUMNS = 'id, user_id, insurer_key, subset, patient_id, access_token_enc, refresh_token_enc, access_expires_at';

const toState = (row: OAuthStateRow): OAuthState => ({
  id: row.id,
  userId: row.user_id,
  insurer: row.insurer_key,
  subset: row.subset,
  codeVerifierEnc: row.code_verifier_enc,
});

const toLink = (row: InsurerLinkRow): InsurerLink => ({
  id: row.id,
  userId: row.user_id,
  insurer: row.insurer_key,
  subset: row.subset,
  patientId: row.patient_id,
  accessTokenEnc: row.access_token_enc,
  refreshTokenEnc: row.refresh_token_enc,
  accessExpiresAt: row.access_expires_at === null ? null : new Date(row.access_expires_at),
});

export interface LinkTokens {
  patientId: string | null;
  accessTokenEnc: string;
  /** null keeps the refresh token already stored (an insurer need not send a new one). */
  refreshTokenEnc: string | null;
  accessExpiresAt: Date | null;
  scope: string | null;
}

export interface NewOAuthState {
  stateHash: string;
  userId: string;
  insurer: string;
  subset: string | null;
  codeVerifierEnc: string;
  expiresAt: Date;
}

/** OAuth states, insurer links (tokens sealed by TokenCipher) and add-insurer requests. */
@Injectable()
export class InsurersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async createState(row: NewOAuthState): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO oauth_states (state_hash, user_id, insurer_key, subset, code_verifier_enc, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.stateHash, row.userId, row.insurer, row.subset, row.codeVerifierEnc, row.expiresAt],
    );
  }

  /** Spends a state once: only when it is the user's, for this insurer, unused and not expired. */
  async consumeState(stateHash: string, userId: string, insurer: string): Promise<OAuthState | null> {
    const [rows]: [OAuthStateRow[], number] = await this.dataSource.query(
      `UPDATE oauth_states SET used_at = now()
       WHERE state_hash = $1 AND user_id = $2 AND insurer_key = $3 AND used_at IS NULL AND expires_at > now()
       RETURNING ${STATE_COLUMNS}`,
      [stateHash, userId, insurer],
    );
    return rows[0] ? toState(rows[0]) : null;
  }

  async findState(id: string): Promise<OAuthState | null> {
    const rows: OAuthStateRow[] = await this.dataSource.query(`SELECT ${STATE_COLUMNS} FROM oauth_states WHERE id = $1`, [id]);
    return rows[0] ? toState(rows[0]) : null;
  }

  async upsertLink(userId: string, insurer: string, subset: string | null, tokens: LinkTokens): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO insurer_links (user_id, insurer_key, subset, patient_id, access_token_enc, refresh_token_enc, access_expires_at, scope)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id, insurer_key) DO UPDATE SET
         subset = EXCLUDED.subset,
         patient_id = COALESCE(EXCLUDED.patient_id, insurer_links.patient_id),
         access_token_enc = EXCLUDED.access_token_enc,
         refresh_token_enc = COALESCE(EXCLUDED.refresh_token_enc, insurer_links.refresh_token_enc),
         access_expires_at = EXCLUDED.access_expires_at,
         scope = COALESCE(EXCLUDED.scope, insurer_links.scope),
         updated_at = now()`,
      [userId, insurer, subset, tokens.patientId, tokens.accessTokenEnc, tokens.refreshTokenEnc, tokens.accessExpiresAt, tokens.scope],
    );
  }

  async updateAccessToken(
    linkId: string,
    accessTokenEnc: string,
    refreshTokenEnc: string | null,
    accessExpiresAt: Date | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE insurer_links SET access_token_enc = $2, refresh_token_enc = COALESCE($3, refresh_token_enc), access_expires_at = $4, updated_at = now()
       WHERE id = $1`,
      [linkId, accessTokenEnc, refreshTokenEnc, accessExpiresAt],
    );
  }

  /** The link's row, locked until the caller's transaction ends (one refresh at a time per link). */
  async lockLink(linkId: string, manager: EntityManager): Promise<InsurerLink | null> {
    const rows: InsurerLinkRow[] = await manager.query(`SELECT ${LINK_COLUMNS} FROM insurer_links WHERE id = $1 FOR UPDATE`, [linkId]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  async findLink(userId: string, insurer: string): Promise<InsurerLink | null> {
    const rows: InsurerLinkRow[] = await this.dataSource.query(
      `SELECT ${LINK_COLUMNS} FROM insurer_links WHERE user_id = $1 AND insurer_key = $2`,
      [userId, insurer],
    );
    return rows[0] ? toLink(rows[0]) : null;
  }

  async linksOf(userId: string): Promise<InsurerLink[]> {
    const rows: InsurerLinkRow[] = await this.dataSource.query(
      `SELECT ${LINK_COLUMNS} FROM insurer_links WHERE user_id = $1 ORDER BY insurer_key`,
      [userId],
    );
    return rows.map(toLink);
  }

  /** Everything of the user's this module holds: links (sealed tokens), OAuth states and add-insurer requests. */
  async deleteUserData(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM insurer_links WHERE user_id = $1`, [userId]);
      await manager.query(`DELETE FROM oauth_states WHERE user_id = $1`, [userId]);
      await manager.query(`DELETE FROM insurer_requests WHERE user_id = $1`, [userId]);
    });
  }

  /**
   * Insurers whose link can still be used: a refresh token, or an access token that has not expired, sealed in the
   * current format (a token of an older format no longer opens: the member links again).
   */
  async usableLinks(userId: string): Promise<string[]> {
    const rows: { insurer_key: string }[] = await this.dataSource.query(
      `SELECT insurer_key FROM insurer_links
       WHERE user_id = $1 AND starts_with(access_token_enc, $2)
         AND (refresh_token_enc IS NOT NULL OR access_expires_at IS NULL OR access_expires_at > now())`,
      [userId, SEALED_PREFIX],
    );
    return rows.map((r) => r.insurer_key);
  }

  async insertRequest(row: { userId: string; insurerName: string; email: string }): Promise<void> {
    await this.dataSource.query(`INSERT INTO insurer_requests (user_id, insurer_name, email) VALUES ($1, $2, $3)`, [
      row.userId,
      row.insurerName,
      row.email,
    ]);
  }
}
