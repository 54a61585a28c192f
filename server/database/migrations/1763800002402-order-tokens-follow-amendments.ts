import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: an order's lucky-draw tokens in `order_details` (the tracking page's "coupons") now follow the units
 * it holds after care's line amendments, as a rebuild from the log gives them: `<orderId>-1` … `<orderId>-<units>`
 * for every order with a line amendment. Orders amended before are brought to that form from their stored lines.
 */
export class OrderTokensFollowAmendments1763800002402 implements MigrationInterface {
  name = 'OrderTokensFollowAmendments1763800002402';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE order_details d
         SET lucky_draw_tokens = ARRAY(SELECT d.order_id || '-' || n FROM generate_series(1, l.units) AS n ORDER BY n)
        FROM (SELECT order_id, sum(quantity)::int AS units FROM order_lines GROUP BY order_id) AS l
       WHERE l.order_id = d.order_id
         AND d.order_type = 1
         AND EXISTS (SELECT 1 FROM events e
                      WHERE e.stream_id = 'order-' || d.order_id
                        AND e.type IN ('OrderLineAdded', 'OrderLineChanged', 'OrderLineRemoved'))`);
  }

  async down(): Promise<void> {
    // The old lists were wrong; nothing to restore.
  }
}
