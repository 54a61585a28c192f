import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openPersonalData } from '../../event-store/personal-data/personal-data';
import { placeKeyOf } from '../../promotions/domain/address-identity';
import { usesWithoutPlace, withPlaceKeys, type CouponState } from '../../promotions/domain/coupon';
import { orderStreamId } from '../domain/order-id';

/**
 * Coupon uses recorded before issue 27 carry the key of their address as it was written, which a reworded
 * address does not match. Their orders' `OrderPlaced` hold the address itself (sealed, ADR 053): the checkout
 * reads it for those uses and computes the household's key by today's rule, so an old use still counts against
 * the same household. Those uses are a closed set (every new use records its key), so each order's key is read
 * once per process and kept — the key only, never the address. An erased order's address gives no key.
 */
@Injectable()
export class CouponUsePlaces {
  private readonly known = new Map<string, string | null>();
  private static readonly MAX_KEPT = 200_000;

  constructor(private readonly dataSource: DataSource) {}

  /** The coupon states with the household keys of their older uses. */
  async complete(states: ReadonlyMap<string, CouponState>): Promise<Map<string, CouponState>> {
    const missing = [...new Set([...states.values()].flatMap(usesWithoutPlace))].filter((orderId) => !this.known.has(orderId));
    if (missing.length > 0) await this.read(missing);
    return new Map([...states].map(([streamId, state]) => [streamId, withPlaceKeys(state, this.known)]));
  }

  private async read(orderIds: string[]): Promise<void> {
    const rows: Array<{ stream_id: string; data: { customer?: { address?: unknown } } }> = await this.dataSource.query(
      `SELECT stream_id, data FROM events WHERE type = 'OrderPlaced' AND stream_id = ANY($1::text[])`,
      [orderIds.map(orderStreamId)],
    );
    await openPersonalData(this.dataSource.manager, rows);
    if (this.known.size + orderIds.length > CouponUsePlaces.MAX_KEPT) this.known.clear();
    for (const orderId of orderIds) this.known.set(orderId, null);
    for (const row of rows) {
      const address = row.data.customer?.address;
      this.known.set(row.stream_id.slice(orderStreamId('').length), (typeof address === 'string' ? placeKeyOf(address) : undefined) ?? null);
    }
  }
}
