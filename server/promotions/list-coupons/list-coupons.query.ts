import { openPersonalData } from '../../event-store/personal-data/personal-data';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { CouponRedemptionRow as RedemptionRow, CouponRow } from '../../../contracts/coupons';
import { NotFoundError } from '../../common/errors/domain-error';
import { couponDecider, type CouponState } from '../domain/coupon';
import type { CouponEvent } from '../domain/coupon.events';
import { couponStreamId, normalizeCouponCode } from '../domain/coupon-stream';

interface CouponEventRow {
  stream_id: string;
  type: CouponEvent['type'];
  data: CouponEvent['data'];
  recorded_at: Date;
}

/** Every coupon with its rules, uses and whether it is disabled; newest first. */
export class ListCouponsQuery extends Query<CouponRow[]> {}

/** One coupon's redemptions in the order they happened, each marked when it was given back. */
export class ListCouponRedemptionsQuery extends Query<RedemptionRow[]> {
  constructor(readonly code: string) {
    super();
  }
}

/**
 * Coupons are few and their streams short, so the list folds the events of every `coupon-%` stream with the
 * coupon decider's own `evolve` rather than keeping a projection.
 */
@QueryHandler(ListCouponsQuery)
export class ListCouponsHandler implements IQueryHandler<ListCouponsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(): Promise<CouponRow[]> {
    const rows: CouponEventRow[] = await this.dataSource.query(
      `SELECT stream_id, type, data, recorded_at FROM events WHERE stream_id LIKE 'coupon-%' ORDER BY stream_id, stream_position`,
    );
    const coupons = new Map<string, { state: CouponState; createdAt: string; disabledReason: string | null }>();
    for (const row of rows) {
      const entry = coupons.get(row.stream_id) ?? { state: couponDecider.initialState(), createdAt: row.recorded_at.toISOString(), disabledReason: null };
      entry.state = couponDecider.evolve(entry.state, { type: row.type, data: row.data } as CouponEvent);
      if (row.type === 'CouponDisabled') entry.disabledReason = (row.data as { reason: string }).reason;
      coupons.set(row.stream_id, entry);
    }
    const list: CouponRow[] = [];
    for (const { state, createdAt, disabledReason } of coupons.values()) {
      if (!state.exists) continue;
      const { code, percent, validFrom, validUntil, totalLimit, perPhoneLimit } = state.rules;
      const requiresVerifiedPhone = state.rules.requiresVerifiedPhone === true;
      list.push({ code, percent, validFrom, validUntil, totalLimit, perPhoneLimit, requiresVerifiedPhone, uses: state.used, disabled: state.disabled, disabledReason, createdAt });
    }
    return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.code.localeCompare(b.code));
  }
}

@QueryHandler(ListCouponRedemptionsQuery)
export class ListCouponRedemptionsHandler implements IQueryHandler<ListCouponRedemptionsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ code }: ListCouponRedemptionsQuery): Promise<RedemptionRow[]> {
    const rows: CouponEventRow[] = await this.dataSource.query(
      `SELECT stream_id, type, data, recorded_at FROM events WHERE stream_id = $1 ORDER BY stream_position`,
      [couponStreamId(code)],
    );
    await openPersonalData(this.dataSource.manager, rows);
    if (!rows.some((row) => row.type === 'CouponCreated')) throw new NotFoundError('coupon-unknown', { code: normalizeCouponCode(code) });
    const redemptions: RedemptionRow[] = [];
    for (const row of rows) {
      if (row.type === 'CouponRedeemed') {
        const { orderId, phone, percent, redeemedAt } = row.data as Extract<CouponEvent, { type: 'CouponRedeemed' }>['data'];
        redemptions.push({ orderId, phone, percent, redeemedAt, released: false, releasedAt: null, releaseReason: null });
      } else if (row.type === 'CouponRedemptionReleased') {
        const { orderId, reason } = row.data as Extract<CouponEvent, { type: 'CouponRedemptionReleased' }>['data'];
        const held = [...redemptions].reverse().find((redemption) => redemption.orderId === orderId && !redemption.released);
        if (held) Object.assign(held, { released: true, releasedAt: row.recorded_at.toISOString(), releaseReason: reason });
      }
    }
    return redemptions;
  }
}
