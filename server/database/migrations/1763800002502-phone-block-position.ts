import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `phone_risk.block_position`: the log position of the block or unblock its block columns show (issue 27).
 * A block is written twice, inline with its event (so the next checkout is refused at once) and by the
 * projection; with the position, an older event the projection applies late (an unblock before a block again)
 * no longer overwrites the newer one. Rows written before it have none and take the next event.
 */
export class PhoneBlockPosition1763800002502 implements MigrationInterface {
  name = 'PhoneBlockPosition1763800002502';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE phone_risk ADD COLUMN block_position bigint NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE phone_risk DROP COLUMN IF EXISTS block_position');
  }
}
