import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RefundMethod, ReturnKind, ReturnReason, ReturnRow, ReturnStage, ReturnsDashboardResponse, ReturnTimelineEntryResponse } from '../../contracts/returns';
import { paisaToTaka } from '../common/money';
import type { ReturnTimelineRow } from './projections/return-timeline.projection';
import type { ReturnTableRow } from './projections/returns.projection';

export type ReturnRowWithSteps = ReturnRow & { steps: ReturnTableRow['steps'] };

const iso = (value: string | Date) => new Date(value).toISOString();

export function returnRowOf(row: ReturnTableRow): ReturnRowWithSteps {
  return {
    return_id: row.return_id,
    order_id: row.order_id,
    product_id: row.product_id,
    product_name: row.product_name,
    size: row.size,
    unit: row.unit,
    kind: row.kind as ReturnKind,
    reason: row.reason as ReturnReason,
    new_size: row.new_size,
    stage: row.stage as ReturnStage,
    refusal: row.refusal,
    called: row.called,
    pickup_charge: paisaToTaka(row.pickup_charge_paisa),
    price_difference: paisaToTaka(row.price_difference_paisa),
    refund_amount: paisaToTaka(row.refund_amount_paisa),
    refund_method: row.refund_method as RefundMethod | null,
    exchange_order_id: row.exchange_created ? row.exchange_order_id : null,
    pickup_tracking_code: row.pickup_tracking_code,
    received_as: row.received_as as 'stock' | 'damaged' | null,
    photo: row.photo !== null && row.photo !== undefined,
    requested_at: iso(row.requested_at),
    updated_at: iso(row.updated_at),
    steps: row.steps,
  };
}

/** Reads of the `returns` and `return-stats` projections. */
@Injectable()
export class ReturnsReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async list(filter: { stage?: string; orderId?: string }, limit = 200): Promise<ReturnRowWithSteps[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.stage === 'open') where.push(`stage IN ('requested', 'approved', 'pickup_booked', 'received')`);
    else if (filter.stage) where.push(`stage = $${params.push(filter.stage)}`);
    if (filter.orderId) where.push(`order_id = $${params.push(filter.orderId.trim().toUpperCase())}`);
    const rows: ReturnTableRow[] = await this.dataSource.query(
      `SELECT * FROM returns ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY requested_at DESC, return_id LIMIT ${limit}`,
      params,
    );
    return rows.map(returnRowOf);
  }

  async one(returnId: string): Promise<ReturnRowWithSteps | null> {
    const rows: ReturnTableRow[] = await this.dataSource.query(`SELECT * FROM returns WHERE return_id = $1`, [returnId]);
    return rows[0] ? returnRowOf(rows[0]) : null;
  }

  /** The steps of an order's returns, oldest first, for care's order timeline (the `return-timeline` projection). */
  async timelineOf(orderId: string): Promise<ReturnTimelineEntryResponse[]> {
    const rows: ReturnTimelineRow[] = await this.dataSource.query(
      `SELECT order_id, stream_position, return_id, event_type, to_json(occurred_at) #>> '{}' AS occurred_at, actor_id, actor_role, actor_name, note, details
         FROM return_timeline WHERE order_id = $1 ORDER BY stream_position`,
      [orderId.trim().toUpperCase()],
    );
    return rows.map((row) => ({
      position: row.stream_position,
      return_id: row.return_id,
      event: row.event_type,
      at: iso(row.occurred_at),
      actor: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
      note: row.note,
      details: row.details,
    }));
  }

  /** The photo a request carries (its id and order), or null. */
  async photoOf(returnId: string): Promise<{ orderId: string; photo: string } | null> {
    const rows: Array<{ order_id: string; photo: string | null }> = await this.dataSource.query(`SELECT order_id, photo FROM returns WHERE return_id = $1`, [returnId]);
    return rows[0]?.photo ? { orderId: rows[0].order_id, photo: rows[0].photo } : null;
  }

  async dashboard(): Promise<Omit<ReturnsDashboardResponse, 'success'>> {
    const rate = (returned: number, sold: number) => (sold > 0 ? Math.round((returned / sold) * 1000) / 10 : 0);
    const byReason: Array<{ reason: ReturnReason; returns: number; exchanges: number }> = await this.dataSource.query(
      `SELECT reason, (coalesce(sum(requests) FILTER (WHERE kind = 'return'), 0))::int AS returns, (coalesce(sum(requests) FILTER (WHERE kind = 'exchange'), 0))::int AS exchanges
         FROM return_stats GROUP BY reason ORDER BY sum(requests) DESC, reason`,
    );
    const bySize: Array<{ size: string; sold: number; returned: number }> = await this.dataSource.query(
      `SELECT size, sum(sold)::int AS sold, sum(returned)::int AS returned FROM (
         SELECT size, sold, 0 AS returned FROM return_units_sold
         UNION ALL SELECT size, 0, requests FROM return_stats) x
        GROUP BY size HAVING sum(returned) > 0 ORDER BY sum(returned) DESC, size`,
    );
    const byProduct: Array<{ product_id: number; name: string; sold: number; returned: number }> = await this.dataSource.query(
      `SELECT x.product_id, coalesce((SELECT min(name) FROM return_units_sold u WHERE u.product_id = x.product_id), '') AS name,
              sum(sold)::int AS sold, sum(returned)::int AS returned FROM (
         SELECT product_id, sold, 0 AS returned FROM return_units_sold
         UNION ALL SELECT product_id, 0, requests FROM return_stats) x
        GROUP BY x.product_id HAVING sum(returned) > 0 ORDER BY sum(returned) DESC, x.product_id LIMIT 20`,
    );
    return {
      by_reason: byReason,
      by_size: bySize.map((row) => ({ ...row, rate: rate(row.returned, row.sold) })),
      by_product: byProduct.map((row) => ({ ...row, rate: rate(row.returned, row.sold) })),
    };
  }
}
