import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** One line of a medical claim (the plans module's CareLine). */
export interface MemberCareLine {
  code: string | null;
  placeOfService: string | null;
  revenue: string | null;
  /** Dollars; null when unknown. */
  allowed: number | null;
}

/** One medical claim of the member's, as the plans' ranking reads it (the plans module's CareClaim). */
export interface MemberCareClaim {
  id: string;
  /** YYYY-MM-DD */
  serviceDate: string;
  claimType: string | null;
  subtype: string | null;
  /** Days of an inpatient or SNF stay; null for any other claim, or a stay whose end is not known. */
  stayDays: number | null;
  /** The rendering provider as the claim names them (the ranking tells the primary doctor from specialists). */
  provider: string | null;
  /** Insurer paid + patient paid, dollars; null when neither is known. */
  allowed: number | null;
  lines: MemberCareLine[];
}

/** Subtypes whose claims are stays, counted in days. */
const STAY_SUBTYPES = ['inpatient', 'snf'];
// Pharmacy claims are the member's drugs (prescriptions), never medical care: the claim types health-data's
// projections read as pharmacy, and Blue Button's Part D events by their subtype.
const PHARMACY_CLAIM_TYPES = ['pharmacy', 'PDE', 'rx'];
const PHARMACY_SUBTYPES = ['pde'];
/** Claims that never happened, or were withdrawn, cost nothing. */
const VOID_STATUSES = ['entered-in-error', 'cancelled'];

// A stay counts its days as Medicare does: admission day to discharge day, the discharge day not counted, at least one
// (a same-day stay is one day). Every insurer's claims, by the user_id that leads the table's page index.
const CARE_CLAIMS = `
  SELECT c.id, to_char(c.service_date, 'YYYY-MM-DD') AS service_date, c.claim_type, c.subtype,
    CASE WHEN c.subtype = ANY($4::text[]) AND c.service_end_date IS NOT NULL
      THEN greatest(c.service_end_date - c.service_date, 1) END AS stay_days,
    CASE WHEN c.payment_amount IS NOT NULL OR c.patient_paid IS NOT NULL
      THEN (coalesce(c.payment_amount, 0) + coalesce(c.patient_paid, 0))::text END AS allowed,
    c.rendering_provider, c.care_lines
  FROM claims c
  WHERE c.user_id = $1 AND c.service_date BETWEEN $2::date AND $3::date
    AND coalesce(c.claim_type, '') <> ALL($5::text[]) AND coalesce(c.subtype, '') <> ALL($6::text[])
    AND coalesce(lower(c.status), '') <> ALL($7::text[])
  ORDER BY c.service_date, c.id`;

// What the member paid themselves over the period: their share of every medical claim (the same claims as above) and
// of every pharmacy claim's fill (the fill rows carry it; the pharmacy claims themselves are not counted again).
// Manual entries are left out: their price is what the member typed once, not a fill of the period.
const OUT_OF_POCKET = `
  SELECT (SELECT sum(c.patient_paid) FROM claims c
          WHERE c.user_id = $1 AND c.service_date BETWEEN $2::date AND $3::date
            AND coalesce(c.claim_type, '') <> ALL($4::text[]) AND coalesce(c.subtype, '') <> ALL($5::text[])
            AND coalesce(lower(c.status), '') <> ALL($6::text[]))::text AS medical,
         (SELECT sum(p.patient_paid) FROM prescriptions p
          WHERE p.user_id = $1 AND p.source_kind = 'claim' AND p.date_prescribed BETWEEN $2::date AND $3::date)::text AS pharmacy`;

interface CareClaimRecord {
  id: string;
  service_date: string;
  claim_type: string | null;
  subtype: string | null;
  stay_days: number | null;
  rendering_provider: string | null;
  allowed: string | null;
  care_lines: MemberCareLine[];
}

/**
 * The member's medical claims over a period, of every insurer, with what the plans' ranking maps to a plan's service
 * categories: subtype, stay length, allowed amount and care lines. Read-only; the rows stay health-data's.
 */
@Injectable()
export class MemberCareReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Claims with a service date from `from` to `to` (YYYY-MM-DD, inclusive), oldest first. */
  async careClaims(userId: string, from: string, to: string): Promise<MemberCareClaim[]> {
    const rows: CareClaimRecord[] = await this.dataSource.query(CARE_CLAIMS, [
      userId,
      from,
      to,
      STAY_SUBTYPES,
      PHARMACY_CLAIM_TYPES,
      PHARMACY_SUBTYPES,
      VOID_STATUSES,
    ]);
    return rows.map((row) => ({
      id: row.id,
      serviceDate: row.service_date,
      claimType: row.claim_type,
      subtype: row.subtype,
      stayDays: row.stay_days,
      provider: row.rendering_provider,
      allowed: row.allowed === null ? null : Number(row.allowed),
      lines: row.care_lines.map((line) => ({
        code: line.code ?? null,
        placeOfService: line.placeOfService ?? null,
        revenue: line.revenue ?? null,
        allowed: typeof line.allowed === 'number' ? line.allowed : null,
      })),
    }));
  }

  /**
   * Dollars the member paid themselves for care and fills from `from` to `to` (inclusive): their share of the
   * medical claims careClaims reads and of their pharmacy fills. null when no claim or fill of the period says.
   */
  async outOfPocket(userId: string, from: string, to: string): Promise<number | null> {
    const [row]: { medical: string | null; pharmacy: string | null }[] = await this.dataSource.query(OUT_OF_POCKET, [
      userId,
      from,
      to,
      PHARMACY_CLAIM_TYPES,
      PHARMACY_SUBTYPES,
      VOID_STATUSES,
    ]);
    if (row?.medical == null && row?.pharmacy == null) return null;
    return Math.round((Number(row.medical ?? 0) + Number(row.pharmacy ?? 0)) * 100) / 100;
  }
}
