import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `order_sources` (issue 33): where each order placed online came from (facebook, instagram, search, direct,
 * other) and the UTM words of its landing link, written by ordering's `order-sources` projection from
 * `OrderPlaced`. The console's dashboard counts orders and revenue by source from it. A store that ran before
 * this migration gets every order it has as `direct` when the new projection catches up from the log's start.
 */
export class OrderSources1763800003901 implements MigrationInterface {
  name = 'OrderSources1763800003901';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE order_sources (
        order_id text PRIMARY KEY,
        source text NOT NULL,
        utm_source text NULL,
        utm_medium text NULL,
        utm_campaign text NULL,
        placed_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX order_sources_placed_at ON order_sources (placed_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS order_sources');
  }
}
