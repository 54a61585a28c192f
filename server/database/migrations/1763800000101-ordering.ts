import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ordering read models and the checkout idempotency record. `order_details` and `order_lines` are written
 * inline in the checkout's append transaction (the confirmation page reads them at once) and by the
 * `order-tracking` projection; `order_timeline` by the `order-timeline` projection. No foreign keys and no
 * serial columns: a rebuild swaps copies of these tables in (see server/event-store/projection.ts).
 */
export class Ordering1763800000101 implements MigrationInterface {
  name = 'Ordering1763800000101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE order_details (
        order_id               text PRIMARY KEY,
        order_type             smallint NOT NULL,
        status                 text NOT NULL,
        user_id                text NULL,
        customer_name          text NOT NULL,
        email                  text NULL,
        phone                  text NOT NULL,
        address                text NOT NULL,
        shipping_phone         text NOT NULL,
        payment_method         text NULL,
        bkash_number           text NULL,
        transaction_id         text NULL,
        bkash_verified         boolean NOT NULL DEFAULT false,
        shipping_zone          text NULL,
        coupon_code            text NULL,
        discount_percent       numeric(5, 2) NOT NULL DEFAULT 0,
        subtotal_paisa         integer NULL,
        discount_paisa         integer NOT NULL DEFAULT 0,
        delivery_charge_paisa  integer NULL,
        grand_total_paisa      integer NULL,
        payment_type           text NULL,
        amount_paisa           integer NULL,
        advance_paisa          integer NULL,
        due_paisa              integer NULL,
        lucky_draw_tokens      text[] NOT NULL DEFAULT '{}',
        placed_at              timestamptz NOT NULL,
        updated_at             timestamptz NOT NULL,
        version                integer NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX order_details_user_idx ON order_details (user_id, placed_at DESC) WHERE user_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX order_details_phone_idx ON order_details (phone, placed_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE order_lines (
        order_id          text NOT NULL,
        line_no           integer NOT NULL,
        product_id        integer NOT NULL,
        size              text NOT NULL,
        name              text NOT NULL,
        slug              text NOT NULL,
        thumbnail         text NOT NULL,
        quantity          integer NOT NULL,
        unit_price_paisa  integer NOT NULL,
        PRIMARY KEY (order_id, line_no)
      )`);
    await queryRunner.query(`
      CREATE TABLE order_timeline (
        order_id         text NOT NULL,
        stream_position  integer NOT NULL,
        event_type       text NOT NULL,
        occurred_at      timestamptz NOT NULL,
        actor_id         text NOT NULL,
        actor_role       text NOT NULL,
        actor_name       text NULL,
        note             text NULL,
        details          jsonb NOT NULL DEFAULT '{}'::jsonb,
        PRIMARY KEY (order_id, stream_position)
      )`);
    // Not a read model (never rebuilt): the write side's memory of which checkout made which order.
    await queryRunner.query(`
      CREATE TABLE checkout_idempotency (
        idempotency_key  text PRIMARY KEY,
        request_hash     text NOT NULL,
        order_id         text NOT NULL,
        created_at       timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS checkout_idempotency, order_timeline, order_lines, order_details`);
  }
}
