import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lucky draw (docs/decisions/051-lucky-draw.md): `lucky_draw_tokens` and `lucky_draw_offers` are read
 * models (projections of order and offer events); `lucky_draw_seeds` holds each committed draw's secret seed
 * encrypted (AES-256-GCM under a key derived from the server secret) until the draw reveals it.
 */
export class LuckyDraw1763800000501 implements MigrationInterface {
  name = 'LuckyDraw1763800000501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE lucky_draw_tokens (
        token          text PRIMARY KEY,
        order_id       text NOT NULL,
        order_type     smallint NOT NULL,
        phone          text NOT NULL,
        email          text NULL,
        customer_name  text NOT NULL,
        placed_at      timestamptz NOT NULL,
        state          text NOT NULL CHECK (state IN ('issued', 'eligible', 'void')),
        state_reason   text NULL,
        state_at       timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX lucky_draw_tokens_order_idx ON lucky_draw_tokens (order_id)`);
    await queryRunner.query(`CREATE INDEX lucky_draw_tokens_eligible_idx ON lucky_draw_tokens (placed_at) WHERE state = 'eligible'`);
    await queryRunner.query(`
      CREATE TABLE lucky_draw_offers (
        offer_id          text PRIMARY KEY,
        name              text NOT NULL,
        starts_at         timestamptz NOT NULL,
        ends_at           timestamptz NOT NULL,
        prizes            jsonb NOT NULL,
        discount_percent  integer NOT NULL,
        status            text NOT NULL,
        commitment        text NULL,
        committed_at      timestamptz NULL,
        tokens_hash       text NULL,
        tokens            jsonb NULL,
        closed_at         timestamptz NULL,
        seed              text NULL,
        winners           jsonb NULL,
        drawn_at          timestamptz NULL,
        created_at        timestamptz NOT NULL,
        updated_at        timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE lucky_draw_seeds (
        offer_id    text PRIMARY KEY,
        ciphertext  bytea NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS lucky_draw_seeds, lucky_draw_offers, lucky_draw_tokens`);
  }
}
