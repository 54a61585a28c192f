import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OrdersLatestVersionResponse } from '../../../contracts/orders';

/** How long one answer serves every care agent polling this process (their lists poll every few seconds). */
const CACHE_MS = 1_000;

/**
 * What care's open order list polls (issue 31): the time of the latest change to any order's row and the newest
 * order placed. Two index-only reads of `order_details` (migration 1763800004301), shared by every poll of one
 * process for a second: forty agents polling every five seconds cost the database one read a second at most.
 */
@Injectable()
export class LatestOrders {
  private cached: { at: number; answer: Promise<OrdersLatestVersionResponse> } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  version(now = Date.now()): Promise<OrdersLatestVersionResponse> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.answer;
    const answer = this.read();
    this.cached = { at: now, answer };
    answer.catch(() => {
      if (this.cached?.answer === answer) this.cached = null;
    });
    return answer;
  }

  private async read(): Promise<OrdersLatestVersionResponse> {
    const [row]: Array<{ changed_at: Date | null; order_id: string | null; placed_at: Date | null }> = await this.dataSource.query(
      `SELECT (SELECT max(updated_at) FROM order_details) AS changed_at, newest.order_id, newest.placed_at
         FROM (SELECT 1) one
         LEFT JOIN LATERAL (SELECT order_id, placed_at FROM order_details ORDER BY placed_at DESC LIMIT 1) newest ON true`,
    );
    return {
      success: true,
      version: row?.changed_at ? new Date(row.changed_at).getTime() : 0,
      latest_order_id: row?.order_id ?? null,
      latest_placed_at: row?.placed_at ? new Date(row.placed_at).toISOString() : null,
    };
  }
}
