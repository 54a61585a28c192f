import { Command } from '@nestjs/cqrs';
import type { RequestMetadata } from '../../common/request/request-metadata';

/** What a staff change to a coupon answers: the code and the stream version after the append. */
export interface CouponChanged {
  code: string;
  version: number;
}

/** Staff create a coupon (`CouponCreated` on `coupon-<CODE>`); 409 when the code exists. */
export class CreateCouponCommand extends Command<CouponChanged> {
  constructor(
    readonly code: string,
    readonly percent: number,
    readonly validFrom: Date,
    readonly validUntil: Date,
    readonly totalLimit: number,
    readonly perPhoneLimit: number,
    readonly meta: RequestMetadata,
    /** Only a checkout with a proven phone may use it (issue 27). */
    readonly requiresVerifiedPhone = false,
  ) {
    super();
  }
}

/** Staff change whether a coupon needs a proven phone (`CouponPhoneProofChanged`; nothing when it already does as asked); 404 for an unknown code. */
export class ChangeCouponPhoneProofCommand extends Command<CouponChanged> {
  constructor(
    readonly code: string,
    readonly requiresVerifiedPhone: boolean,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}

/** Staff withdraw a coupon (`CouponDisabled`); 404 for an unknown code, 409 when already disabled. */
export class DisableCouponCommand extends Command<CouponChanged> {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}
