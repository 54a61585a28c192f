import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: lucky-draw tokens now follow the units an order holds after care's amendments, and a phone order's
 * follow what it was paid. The rows the old rule wrote are wrong for such orders, so `lucky_draw_tokens` is
 * emptied and its projection starts again from the first event (the runner replays the log into it).
 */
export class LuckyDrawTokensFollowUnits1763800002401 implements MigrationInterface {
  name = 'LuckyDrawTokensFollowUnits1763800002401';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`TRUNCATE lucky_draw_tokens`);
    await queryRunner.query(
      `UPDATE projection_checkpoints SET transaction_id = '0', position = 0, updated_at = now() WHERE name = 'lucky-draw-tokens'`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: the projection refills the table from the log.
  }
}
