import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limits on what an anonymous shopper can hold or make the store send (issue 27):
 * - settings: `checkout_units_per_ip_hour`, the units one client address may hold in unconfirmed orders placed
 *   within the hour (60, 0 = off); `order_messages_per_hour` and `order_messages_per_day`, the SMS per phone and
 *   mails per address a shopper's own actions (placing, cancelling) may cause (3 and 10, 0 = no cap);
 * - `checkout_holds`: which address placed which order with how many units, written in the checkout's own
 *   transaction and swept after a day (short-lived, like the rate-limit counters: not in a backup);
 * - on both delivery tables, the per-recipient budget each message was decided under, in the subscription's
 *   transaction: `budget_key` (a keyed hash of the phone or address, never the number or address itself),
 *   `budget_at` (the event's time) and `capped` (over the budget: recorded as skipped, never sent).
 */
export class SeamsLimits1763800002300 implements MigrationInterface {
  name = 'SeamsLimits1763800002300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE settings
        ADD COLUMN IF NOT EXISTS checkout_units_per_ip_hour  integer NOT NULL DEFAULT 60 CHECK (checkout_units_per_ip_hour >= 0),
        ADD COLUMN IF NOT EXISTS order_messages_per_hour     integer NOT NULL DEFAULT 3 CHECK (order_messages_per_hour >= 0),
        ADD COLUMN IF NOT EXISTS order_messages_per_day      integer NOT NULL DEFAULT 10 CHECK (order_messages_per_day >= 0)`);
    await queryRunner.query(`
      CREATE TABLE checkout_holds (
        order_id   text PRIMARY KEY,
        address    text NOT NULL,
        units      integer NOT NULL,
        placed_at  timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX checkout_holds_address_idx ON checkout_holds (address, placed_at)`);
    for (const table of ['mail_deliveries', 'sms_deliveries']) {
      await queryRunner.query(`
        ALTER TABLE ${table}
          ADD COLUMN budget_key  text NULL,
          ADD COLUMN budget_at   timestamptz NULL,
          ADD COLUMN capped      boolean NOT NULL DEFAULT false`);
      await queryRunner.query(`CREATE INDEX ${table}_budget_idx ON ${table} (budget_key, budget_at)`);
      // The console's count of messages held back in the last day reads only the capped rows.
      await queryRunner.query(`CREATE INDEX ${table}_capped_idx ON ${table} (created_at) WHERE capped`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['mail_deliveries', 'sms_deliveries']) {
      await queryRunner.query(`DROP INDEX IF EXISTS ${table}_budget_idx, ${table}_capped_idx`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS budget_key, DROP COLUMN IF EXISTS budget_at, DROP COLUMN IF EXISTS capped`);
    }
    await queryRunner.query(`DROP TABLE IF EXISTS checkout_holds`);
    await queryRunner.query(`
      ALTER TABLE settings
        DROP COLUMN IF EXISTS checkout_units_per_ip_hour, DROP COLUMN IF EXISTS order_messages_per_hour, DROP COLUMN IF EXISTS order_messages_per_day`);
  }
}
