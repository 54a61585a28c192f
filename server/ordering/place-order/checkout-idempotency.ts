import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError } from '../../common/errors/domain-error';

/** The same key came back with a different order than the one it first made. */
export class IdempotencyKeyReused extends ConflictError<'checkout-replayed'> {
  constructor() {
    super('checkout-replayed');
  }
}

/** Thrown inside the append transaction when another process recorded a key first; rolls the append back. */
export class DuplicateCheckout extends Error {
  constructor() {
    super('A checkout of this batch was already recorded by another process');
    this.name = 'DuplicateCheckout';
  }
}

export interface CheckoutRecord {
  key: string;
  requestHash: string;
  orderId: string;
}

/**
 * Remembers which order each `Idempotency-Key` made (ADR 014). The record is written in the order's append
 * transaction, so it exists exactly when the order does; the key is unique, so concurrent duplicates from
 * any number of processes collapse to one order.
 */
@Injectable()
export class CheckoutIdempotency {
  constructor(private readonly dataSource: DataSource) {}

  static hash(request: unknown): string {
    return createHash('sha256').update(JSON.stringify(request)).digest('hex');
  }

  /** The records of those keys that already made an order. */
  async recorded(keys: readonly string[]): Promise<Map<string, CheckoutRecord>> {
    if (keys.length === 0) return new Map();
    const rows: Array<{ idempotency_key: string; request_hash: string; order_id: string }> = await this.dataSource.query(
      'SELECT idempotency_key, request_hash, order_id FROM checkout_idempotency WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    return new Map(rows.map((row) => [row.idempotency_key, { key: row.idempotency_key, requestHash: row.request_hash, orderId: row.order_id }]));
  }

  /** Inside the append transaction: every record or none (DuplicateCheckout rolls the orders back). */
  async record(manager: EntityManager, records: readonly CheckoutRecord[]): Promise<void> {
    if (records.length === 0) return;
    const inserted: unknown[] = await manager.query(
      `INSERT INTO checkout_idempotency (idempotency_key, request_hash, order_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1`,
      [records.map((record) => record.key), records.map((record) => record.requestHash), records.map((record) => record.orderId)],
    );
    if (inserted.length !== records.length) throw new DuplicateCheckout();
  }
}
