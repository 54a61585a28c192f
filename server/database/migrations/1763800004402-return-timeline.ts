import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: the steps of an order's returns and exchanges as care's order timeline shows them (the
 * `return-timeline` projection): one row per event of the order's `returns-<orderId>` stream, with who did it,
 * their note and what the step says. Insert-only like `order_timeline`; a new projection fills it from the
 * first event on its first run.
 */
export class ReturnTimeline1763800004402 implements MigrationInterface {
  name = 'ReturnTimeline1763800004402';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS return_timeline (
        order_id         text NOT NULL,
        stream_position  integer NOT NULL,
        return_id        text NOT NULL,
        event_type       text NOT NULL,
        occurred_at      timestamptz NOT NULL,
        actor_id         text NOT NULL,
        actor_role       text NOT NULL,
        actor_name       text NULL,
        note             text NULL,
        details          jsonb NOT NULL DEFAULT '{}'::jsonb,
        PRIMARY KEY (order_id, stream_position)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS return_timeline`);
  }
}
