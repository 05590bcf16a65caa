import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** A live referral: minted, not yet spent, not expired. */
export interface Referral {
  id: string;
  partner: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface NewReferral {
  codeHash: string;
  partner: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  expiresAt: Date;
}

interface ReferralRow {
  id: string;
  partner: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

const toReferral = (row: ReferralRow): Referral => ({
  id: row.id,
  partner: row.partner,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
});

const LIVE = 'used_at IS NULL AND expires_at > now()';

/** Partners' single-use referral codes, stored only as a hash. */
@Injectable()
export class ReferralsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(row: NewReferral): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO referral_codes (code_hash, partner, email, first_name, last_name, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.codeHash, row.partner, row.email, row.firstName, row.lastName, row.expiresAt],
    );
  }

  /** The live referral with this code, without spending it. */
  async findLive(codeHash: string): Promise<Referral | null> {
    const rows: ReferralRow[] = await this.dataSource.query(
      `SELECT id, partner, email, first_name, last_name FROM referral_codes WHERE code_hash = $1 AND ${LIVE}`,
      [codeHash],
    );
    return rows[0] ? toReferral(rows[0]) : null;
  }

  /** Spends the code once, while it is live (in the caller's transaction): answers it, or null when it is not. */
  async consume(codeHash: string, manager: EntityManager): Promise<Referral | null> {
    const [rows]: [ReferralRow[], number] = await manager.query(
      `UPDATE referral_codes SET used_at = now() WHERE code_hash = $1 AND ${LIVE} RETURNING id, partner, email, first_name, last_name`,
      [codeHash],
    );
    return rows[0] ? toReferral(rows[0]) : null;
  }

  /** Records the account the referral created or was attached to. */
  async attach(id: string, userId: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE referral_codes SET user_id = $2, attached_at = now() WHERE id = $1`, [id, userId]);
  }

  /**
   * Spends a live code for exactly this e-mail and records the account, in one statement: answers the
   * referral, or null when the code is not live or was made for another e-mail.
   */
  async consumeFor(codeHash: string, email: string, userId: string): Promise<Referral | null> {
    const [rows]: [ReferralRow[], number] = await this.dataSource.query(
      `UPDATE referral_codes SET used_at = now(), user_id = $3, attached_at = now()
       WHERE code_hash = $1 AND email = $2 AND ${LIVE}
       RETURNING id, partner, email, first_name, last_name`,
      [codeHash, email, userId],
    );
    return rows[0] ? toReferral(rows[0]) : null;
  }

  /** Account deletion: the codes minted for the account's e-mail (attached ones also go by the foreign key). */
  async deleteFor(email: string, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM referral_codes WHERE lower(email) = $1`, [email.toLowerCase()]);
  }
}
