import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: a shopper may attach a photo to a return or exchange request. The `returns` read model keeps the
 * photo's id (null: none); the photo itself is a file under DATA_DIR/uploads/returns/<orderId>/, never served
 * publicly, read by care through the console.
 */
export class ReturnPhotos1763800004401 implements MigrationInterface {
  name = 'ReturnPhotos1763800004401';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE returns ADD COLUMN IF NOT EXISTS photo text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE returns DROP COLUMN IF EXISTS photo`);
  }
}
