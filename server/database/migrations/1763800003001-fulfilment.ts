import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fulfilment (issue 29). `parcels`: one row per booked order, the projection fulfilment finds a webhook's
 * order by (courier, consignment id) and the polling job's late parcels in. `demo_parcels`: what the demo
 * courier holds, as a courier would in its own system (it stands for the outside world; not a read model).
 */
export class Fulfilment1763800003001 implements MigrationInterface {
  name = 'Fulfilment1763800003001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE parcels (
        order_id text PRIMARY KEY,
        courier text NOT NULL,
        consignment_id text NOT NULL,
        tracking_code text NOT NULL,
        stage text NOT NULL,
        courier_status text NOT NULL,
        booked_at timestamptz NOT NULL,
        last_step_at timestamptz NOT NULL,
        final boolean NOT NULL DEFAULT false,
        returned_received boolean NOT NULL DEFAULT false,
        version integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX parcels_consignment ON parcels (courier, consignment_id)');
    await queryRunner.query('CREATE INDEX parcels_open ON parcels (last_step_at) WHERE NOT final');
    await queryRunner.query(`
      CREATE TABLE demo_parcels (
        order_id text PRIMARY KEY,
        consignment_id text NOT NULL UNIQUE,
        tracking_code text NOT NULL,
        step_index integer NOT NULL DEFAULT 0,
        steps jsonb NOT NULL DEFAULT '[]'::jsonb,
        booked_at timestamptz NOT NULL DEFAULT now(),
        moved_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS demo_parcels');
    await queryRunner.query('DROP TABLE IF EXISTS parcels');
  }
}
