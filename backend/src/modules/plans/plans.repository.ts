import type { PlanContactRequest, PlanEstimate, PlanRanksResult } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The member's latest ranking (`plan_rank_runs`). */
export interface PlanRankRun {
  inputsHash: string;
  result: PlanRanksResult;
  createdAt: Date;
}

/** What the contact form stored (`plan_contacts`). */
export interface PlanContact extends Omit<PlanContactRequest, 'patientId'> {
  patientId: string | null;
}

export interface PlanAlertSubscription {
  userId: string;
  email: string;
  firstName: string;
  lastSentSeason: number | null;
  lastCheckedHash: string | null;
}

/** The plans module's member rows: rankings, contacts, alert opt-ins. The catalogue has its own repository. */
@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findRun(userId: string): Promise<PlanRankRun | null> {
    const rows: { inputs_hash: string; result: PlanRanksResult; created_at: Date }[] = await this.dataSource.query(
      `SELECT inputs_hash, result, created_at FROM plan_rank_runs WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    return row ? { inputsHash: row.inputs_hash, result: row.result, createdAt: row.created_at } : null;
  }

  /** One plan's arithmetic from the member's latest ranking; null when it has none for that plan. */
  async findEstimate(userId: string, bidId: string): Promise<PlanEstimate | null> {
    const rows: { estimate: PlanEstimate | null }[] = await this.dataSource.query(
      `SELECT estimates -> $2::text AS estimate FROM plan_rank_runs WHERE user_id = $1`,
      [userId, bidId],
    );
    return rows[0]?.estimate ?? null;
  }

  /** One row per member: a new ranking replaces the old. */
  async saveRun(userId: string, inputsHash: string, result: PlanRanksResult, estimates: Record<string, PlanEstimate>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO plan_rank_runs (user_id, inputs_hash, result, estimates)
       VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET inputs_hash = EXCLUDED.inputs_hash, result = EXCLUDED.result,
         estimates = EXCLUDED.estimates, created_at = now(), updated_at = now()`,
      [userId, inputsHash, JSON.stringify(result), JSON.stringify(estimates)],
    );
  }

  async deleteRun(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM plan_rank_runs WHERE user_id = $1`, [userId]);
  }

  async findContact(userId: string): Promise<PlanContact | null> {
    const rows: {
      patient_id: string | null;
      gender: 'male' | 'female';
      birth_date: string;
      street_address: string;
      city: string;
      state: string;
      postal_code: string;
    }[] = await this.dataSource.query(
      `SELECT patient_id, gender, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, street_address, city, state, postal_code
       FROM plan_contacts WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    return row
      ? {
          patientId: row.patient_id,
          gender: row.gender,
          birthDate: row.birth_date,
          streetAddress: row.street_address,
          city: row.city,
          state: row.state,
          postalCode: row.postal_code,
        }
      : null;
  }

  async saveContact(userId: string, contact: PlanContact): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO plan_contacts (user_id, patient_id, gender, birth_date, street_address, city, state, postal_code)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET patient_id = EXCLUDED.patient_id, gender = EXCLUDED.gender,
         birth_date = EXCLUDED.birth_date, street_address = EXCLUDED.street_address, city = EXCLUDED.city,
         state = EXCLUDED.state, postal_code = EXCLUDED.postal_code, updated_at = now()`,
      [
        userId,
        contact.patientId,
        contact.gender,
        contact.birthDate,
        contact.streetAddress,
        contact.city,
        contact.state,
        contact.postalCode,
      ],
    );
  }

  async alertsOptedIn(userId: string): Promise<boolean> {
    const rows: { opted_in: boolean }[] = await this.dataSource.query(`SELECT opted_in FROM plan_alerts WHERE user_id = $1`, [userId]);
    return rows[0]?.opted_in ?? false;
  }

  async setAlertsOptedIn(userId: string, optedIn: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO plan_alerts (user_id, opted_in) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET opted_in = EXCLUDED.opted_in, updated_at = now()`,
      [userId, optedIn],
    );
  }

  /** The opted-in members not yet e-mailed this season, with the address to write to, a page at a time by id. */
  async alertSubscriptions(season: number, afterUserId: string | null, limit: number): Promise<PlanAlertSubscription[]> {
    const rows: {
      user_id: string;
      email: string;
      first_name: string;
      last_sent_season: number | null;
      last_checked_hash: string | null;
    }[] = await this.dataSource.query(
      `SELECT a.user_id, u.email, u.first_name, a.last_sent_season, a.last_checked_hash
       FROM plan_alerts a JOIN users u ON u.id = a.user_id
       WHERE a.opted_in AND (a.last_sent_season IS NULL OR a.last_sent_season <> $1)
         AND ($2::uuid IS NULL OR a.user_id > $2::uuid)
       ORDER BY a.user_id LIMIT $3`,
      [season, afterUserId, limit],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastSentSeason: row.last_sent_season,
      lastCheckedHash: row.last_checked_hash,
    }));
  }

  async markAlertChecked(userId: string, inputsHash: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE plan_alerts SET last_checked_hash = $2, last_checked_at = now(), updated_at = now() WHERE user_id = $1`,
      [userId, inputsHash],
    );
  }

  /**
   * Claims this season's e-mail for the member: true for exactly one caller, only while still opted in and not yet
   * sent this season (two workers checking the same member at once send one e-mail).
   */
  async claimAlertSend(userId: string, season: number): Promise<boolean> {
    // An UPDATE ... RETURNING answers [rows, affected count] through TypeORM's query().
    const [rows]: [{ user_id: string }[], number] = await this.dataSource.query(
      `UPDATE plan_alerts SET last_sent_season = $2, updated_at = now()
       WHERE user_id = $1 AND opted_in AND (last_sent_season IS NULL OR last_sent_season <> $2)
       RETURNING user_id`,
      [userId, season],
    );
    return rows.length > 0;
  }

  /** Gives a claim back (its send failed): the season it last went out is what it was before. */
  async releaseAlertSend(userId: string, season: number, previous: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE plan_alerts SET last_sent_season = $3, updated_at = now() WHERE user_id = $1 AND last_sent_season = $2`,
      [userId, season, previous],
    );
  }
}
