import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OrderDetailsRow, OrderLineRow } from '../projections/order-tracking.fold';

/** A row of `order_details` as read: the written row with PostgreSQL's types, and the store's currency symbol. */
export type OrderDetails = Omit<OrderDetailsRow, 'discount_percent' | 'placed_at' | 'updated_at'> & {
  /** numeric comes back as a string. */
  discount_percent: string;
  placed_at: Date;
  updated_at: Date;
  currency_symbol: string;
  /** Issue 30/34: what a completed gateway payment paid (the whole of a bKash order, or a cash order's advance); null without. */
  gateway_paid_paisa?: number | null;
};

/** A line as recorded, with the product's Bengali name as the catalog holds it now (issue 32; null when none). */
export type OrderLineDetails = Omit<OrderLineRow, 'order_id'> & { name_bn?: string | null };

export interface OrderTimelineEntry {
  stream_position: number;
  event_type: string;
  occurred_at: Date;
  actor_id: string;
  actor_role: string;
  actor_name: string | null;
  note: string | null;
  details: Record<string, unknown>;
}

const DETAILS = `d.*, coalesce((SELECT nullif(currency, '') FROM settings WHERE id = 1), '৳') AS currency_symbol,
  (SELECT p.paid_paisa FROM order_payments p WHERE p.order_id = d.order_id AND p.state = 'completed') AS gateway_paid_paisa`;

/** Reads of the ordering read models; every query answers from tables the projections (and checkout) keep. */
@Injectable()
export class OrderReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async details(orderId: string): Promise<OrderDetails | null> {
    const rows: OrderDetails[] = await this.dataSource.query(`SELECT ${DETAILS} FROM order_details d WHERE d.order_id = $1`, [orderId]);
    return rows[0] ?? null;
  }

  lines(orderId: string): Promise<OrderLineDetails[]> {
    return this.dataSource.query(
      // The Bengali name is read from the catalog's read model (issue 32): the order keeps the name it was sold under.
      `SELECT l.line_no, l.product_id, l.size, l.name, l.slug, l.thumbnail, l.quantity, l.unit_price_paisa,
              (SELECT p.name_bn FROM products p WHERE p.id = l.product_id) AS name_bn
         FROM order_lines l WHERE l.order_id = $1 ORDER BY l.line_no`,
      [orderId],
    );
  }

  /** A customer's orders, newest first. */
  ofUser(userId: string, limit = 200): Promise<OrderDetails[]> {
    return this.dataSource.query(`SELECT ${DETAILS} FROM order_details d WHERE d.user_id = $1 ORDER BY d.placed_at DESC LIMIT $2`, [userId, limit]);
  }

  /** The distinct area ids orders go to (issue 30), for care's review of courier areas. */
  async areaIdsUsed(): Promise<string[]> {
    const rows: Array<{ area_id: string }> = await this.dataSource.query(`SELECT DISTINCT area_id FROM order_details WHERE area_id IS NOT NULL ORDER BY area_id`);
    return rows.map((row) => row.area_id);
  }

  timeline(orderId: string): Promise<OrderTimelineEntry[]> {
    return this.dataSource.query(
      `SELECT stream_position, event_type, occurred_at, actor_id, actor_role, actor_name, note, details
         FROM order_timeline WHERE order_id = $1 ORDER BY stream_position`,
      [orderId],
    );
  }
}
