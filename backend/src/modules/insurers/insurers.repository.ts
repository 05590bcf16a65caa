import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { InsurerLinkStatus } from '@healthlink/contracts';
import { Client } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
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
  /** The scope the insurer granted (SMART); null when it did not say, which means all that was asked. */
  scope: string | null;
  /** `relink_required` once the insurer refused the refresh token: re-syncs stop until the member links again. */
  status: InsurerLinkStatus;
  /** Up to when the data is known fetched completely (the daily re-sync asks only for changes after it). */
  lastSyncedAt: Date | null;
  /** When the member was e-mailed that the link must be renewed (once per refusal). */
  relinkNotifiedAt: Date | null;
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
  scope: string | null;
  status: InsurerLinkStatus;
  last_synced_at: Date | null;
  relink_notified_at: Date | null;
}

const STATE_COLUMNS = 'id, user_id, insurer_key, subset, code_verifier_enc';
const LINK_COLUMNS =
  'id, user_id, insurer_key, subset, patient_id, access_token_enc, refresh_token_enc, access_expires_at, scope, status, last_synced_at, relink_notified_at';
const dateOrNull = (value: Date | null): Date | null => (value === null ? null : new Date(value));

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
  scope: row.scope,
  status: row.status,
  lastSyncedAt: dateOrNull(row.last_synced_at),
  relinkNotifiedAt: dateOrNull(row.relink_notified_at),
});

/** A link as the member sees it in their list. */
export interface LinkSummary {
  insurer: string;
  status: InsurerLinkStatus;
  linkedAt: Date;
  lastSyncedAt: Date | null;
}

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

  /** Stores the link (a new grant replaces the old); false when the account no longer exists (deleted meanwhile). */
  async upsertLink(userId: string, insurer: string, subset: string | null, tokens: LinkTokens): Promise<boolean> {
    try {
      await this.insertOrUpdateLink(userId, insurer, subset, tokens);
      return true;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === 'fk_insurer_links_user')
        return false;
      throw error;
    }
  }

  private async insertOrUpdateLink(userId: string, insurer: string, subset: string | null, tokens: LinkTokens): Promise<void> {
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
         -- Linking again renews a link the insurer had refused: re-syncs resume, a later refusal is told again.
         status = 'active',
         relink_notified_at = NULL,
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
  /** Holds the link's row for the caller's transaction (FOR SHARE: a delete waits); false when it is gone. */
  async holdLink(linkId: string, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM insurer_links WHERE id = $1 FOR SHARE`, [linkId]);
    return rows.length > 0;
  }

  async lockLink(linkId: string, manager: EntityManager): Promise<InsurerLink | null> {
    const rows: InsurerLinkRow[] = await manager.query(`SELECT ${LINK_COLUMNS} FROM insurer_links WHERE id = $1 FOR UPDATE`, [linkId]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  // ---- the daily re-sync ----

  async findLinkById(linkId: string): Promise<InsurerLink | null> {
    const rows: InsurerLinkRow[] = await this.dataSource.query(`SELECT ${LINK_COLUMNS} FROM insurer_links WHERE id = $1`, [linkId]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  /** Active links last synced before `syncedBefore`, or never: least recently synced first (idx_insurer_links_sync_due). */
  async dueLinkIds(syncedBefore: Date): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM insurer_links WHERE status = 'active' AND (last_synced_at IS NULL OR last_synced_at < $1)
       ORDER BY last_synced_at NULLS FIRST, id`,
      [syncedBefore],
    );
    return rows.map((r) => r.id);
  }

  /** Links the insurer refused whose member has not been told yet. */
  async unnotifiedRelinkIds(): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM insurer_links WHERE status = 'relink_required' AND relink_notified_at IS NULL ORDER BY id`,
    );
    return rows.map((r) => r.id);
  }

  async markRelinkRequired(linkId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE insurer_links SET status = 'relink_required', updated_at = now() WHERE id = $1`, [linkId]);
  }

  /**
   * Claims the one e-mail of a refusal: answers the link's user and insurer only to the first caller after the
   * refusal (null when the link is active again, gone, or its member was already told).
   */
  async claimRelinkNotice(linkId: string, at: Date): Promise<{ userId: string; insurer: string } | null> {
    const [rows]: [{ user_id: string; insurer_key: string }[], number] = await this.dataSource.query(
      `UPDATE insurer_links SET relink_notified_at = $2
       WHERE id = $1 AND status = 'relink_required' AND relink_notified_at IS NULL
       RETURNING user_id, insurer_key`,
      [linkId, at],
    );
    return rows[0] ? { userId: rows[0].user_id, insurer: rows[0].insurer_key } : null;
  }

  /** Gives a claimed notice back when its e-mail could not be queued, so the next run tells the member. */
  async releaseRelinkNotice(linkId: string): Promise<void> {
    await this.dataSource.query(`UPDATE insurer_links SET relink_notified_at = NULL WHERE id = $1 AND status = 'relink_required'`, [
      linkId,
    ]);
  }

  /** The link's data is known complete up to `at` (never moves back). */
  async markSynced(linkId: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE insurer_links SET last_synced_at = GREATEST(last_synced_at, $2) WHERE id = $1`, [linkId, at]);
  }

  /**
   * After a member's own fetch (the callback page's waves, one polling event per operation): the link is synced up
   * to the start of the oldest of the latest successful fetches of each of its operations, once every one has one
   * since the link was made (`missing` counts: the insurer has none of that kind). A set still incomplete changes
   * nothing, so the re-sync never skips what a failed operation did not bring. Reads the polling events the fetch
   * jobs end (`response` holds insurer and operation).
   */
  async markSyncedByFetches(userId: string, insurer: string, operations: readonly string[], kind: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE insurer_links l SET last_synced_at = GREATEST(l.last_synced_at, s.synced)
       FROM (
         SELECT min(latest) AS synced, count(*) AS done FROM (
           SELECT max(e.created_at) AS latest
           FROM polling_events e JOIN insurer_links own ON own.user_id = $1 AND own.insurer_key = $2
           WHERE e.owner_user_id = $1 AND e.kind = $4 AND e.status IN ('complete', 'missing') AND e.created_at >= own.created_at
             AND e.response ->> 'insurer' = $2 AND e.response ->> 'operation' = ANY($3::text[])
           GROUP BY e.response ->> 'operation'
         ) per_operation
       ) s
       WHERE l.user_id = $1 AND l.insurer_key = $2 AND s.done = cardinality($3::text[])`,
      [userId, insurer, operations, kind],
    );
  }

  /**
   * Runs `work` holding the link's re-sync lock: a session advisory lock on a connection of its own, outside the
   * pool, so that runs holding locks can never take every pooled connection their own queries need. Answers
   * `{ ran: false }` at once when another run (in any process) holds it; a lost connection releases it.
   */
  async withSyncLock<T>(linkId: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const { url } = this.dataSource.options as { url?: string };
    if (!url) throw new Error('the re-sync lock needs the database URL');
    const key = `insurer-resync:${linkId}`;
    const client = new Client({ connectionString: url, application_name: 'healthlink-resync-lock', connectionTimeoutMillis: 5_000 });
    // A dropped connection is reported by the query that needs it; the client must not throw on its own.
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [key]);
      if (!rows[0]?.locked) return { ran: false };
      return { ran: true, value: await work() };
    } finally {
      // Ending the session releases its advisory lock.
      await client.end().catch(() => undefined);
    }
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

  /** What the member sees of each link (no tokens): oldest link first. */
  async linkSummariesOf(userId: string): Promise<LinkSummary[]> {
    const rows: { insurer_key: string; status: InsurerLinkStatus; created_at: Date; last_synced_at: Date | null }[] =
      await this.dataSource.query(
        `SELECT insurer_key, status, created_at, last_synced_at FROM insurer_links WHERE user_id = $1 ORDER BY created_at, insurer_key`,
        [userId],
      );
    return rows.map((row) => ({
      insurer: row.insurer_key,
      status: row.status,
      linkedAt: new Date(row.created_at),
      lastSyncedAt: dateOrNull(row.last_synced_at),
    }));
  }

  /** Deletes one link (its sealed tokens) and its unspent OAuth states; true when there was a link. */
  async deleteLink(userId: string, insurer: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, deleted]: [unknown, number] = await manager.query(`DELETE FROM insurer_links WHERE user_id = $1 AND insurer_key = $2`, [
      userId,
      insurer,
    ]);
    await manager.query(`DELETE FROM oauth_states WHERE user_id = $1 AND insurer_key = $2`, [userId, insurer]);
    return deleted > 0;
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
       WHERE user_id = $1 AND status <> 'relink_required' AND starts_with(access_token_enc, $2)
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
