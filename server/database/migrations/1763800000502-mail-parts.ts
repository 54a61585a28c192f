import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One event may become several mails (a `DrawHeld` mails each winner): such a delivery's key is a UUID derived
 * from the event id and the part (the winning token), `source_event_id` names the event and `part` the
 * recipient's share of it. Rows of single-mail events leave both null (docs/decisions/051-lucky-draw.md).
 */
export class MailParts1763800000502 implements MigrationInterface {
  name = 'MailParts1763800000502';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mail_deliveries ADD COLUMN source_event_id uuid NULL, ADD COLUMN part text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP COLUMN IF EXISTS part, DROP COLUMN IF EXISTS source_event_id`);
  }
}
