import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `broker_leads` (plans/broker): one row per "a broker will reach out to you" a member asked for, delivered to the
 * broker CRM by the `broker-lead-deliver` job. Of the phone only its last four digits are kept for good; the whole
 * number lives sealed (AES-256-GCM, bound to the lead's id) in `phone_enc` only while the lead is pending, then is
 * erased in the statement that ends it. `last_error` holds a code (CRM_HTTP_503, CRM_TIMEOUT...), never a body.
 * `idx_broker_leads_pending` serves the sweep of leads whose job was lost. The user's rows go with the account
 * (ON DELETE CASCADE).
 */
export class BrokerLeads1765100000200 implements MigrationInterface {
  name = 'BrokerLeads1765100000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "broker_leads" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "phone_last4" char(4) NOT NULL,
        "phone_enc" text NULL,
        "bid_id" text NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text NULL,
        "crm_id" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_broker_leads" PRIMARY KEY ("id"),
        CONSTRAINT "fk_broker_leads_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_broker_leads_status" CHECK ("status" IN ('pending', 'sent', 'failed')),
        CONSTRAINT "chk_broker_leads_phone_last4" CHECK ("phone_last4" ~ '^[0-9]{4}$'),
        CONSTRAINT "chk_broker_leads_bid_id" CHECK ("bid_id" IS NULL OR "bid_id" ~ '^[HRSE][0-9]{4}_[0-9]{3}_[0-9]{1,3}$'),
        CONSTRAINT "chk_broker_leads_attempts" CHECK ("attempts" >= 0),
        -- A code, not a partner's answer.
        CONSTRAINT "chk_broker_leads_last_error" CHECK ("last_error" IS NULL OR "last_error" ~ '^[A-Z][A-Z0-9_]{0,63}$'),
        CONSTRAINT "chk_broker_leads_crm_id" CHECK ("crm_id" IS NULL OR length("crm_id") BETWEEN 1 AND 200),
        -- The sealed number never outlives the delivery it was kept for.
        CONSTRAINT "chk_broker_leads_phone_enc" CHECK ("phone_enc" IS NULL OR "status" = 'pending'),
        CONSTRAINT "chk_broker_leads_sent" CHECK (("status" = 'sent') = ("sent_at" IS NOT NULL AND "crm_id" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "idx_broker_leads_user_id" ON "broker_leads" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "idx_broker_leads_pending" ON "broker_leads" ("created_at") WHERE "status" = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "broker_leads"`);
  }
}
