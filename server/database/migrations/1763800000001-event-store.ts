import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log and the bookkeeping of projections. `transaction_id` records the writing transaction so
 * readers can follow the global order without skipping events committed late (see architecture §4).
 * Stream versions are read from the unique (stream_id, stream_position) index under a per-stream advisory
 * lock, so no separate `streams` table has to be written before the append.
 */
export class EventStore1763800000001 implements MigrationInterface {
  name = 'EventStore1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        stream_position integer NOT NULL CHECK (stream_position > 0),
        type text NOT NULL,
        schema_version integer NOT NULL DEFAULT 1,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CONSTRAINT events_event_id_key UNIQUE (event_id),
        CONSTRAINT events_stream_position_key UNIQUE (stream_id, stream_position)
      )`);
    await queryRunner.query('CREATE INDEX events_global_order_idx ON events (transaction_id, global_position)');
    await queryRunner.query('CREATE INDEX events_type_idx ON events (type)');
    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT '0',
        position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'idle',
        last_error text,
        last_error_at timestamptz,
        rebuild_started_at timestamptz,
        rebuild_processed bigint,
        rebuild_target bigint
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE projection_checkpoints');
    await queryRunner.query('DROP TABLE events');
  }
}
