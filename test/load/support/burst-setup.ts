import { randomBytes } from 'node:crypto';
import {
  catalogProducts,
  createCoupon,
  deliveryCharges,
  setAvailableStock,
  type StoreFixture,
} from '../../support/store-fixture';
import { planCheckouts, type LimitedCoupon, type PlannedCheckout, type Sku } from './checkout-burst';

export interface BurstSetup {
  skus: Sku[];
  coupons: LimitedCoupon[];
  stockPerSku: number;
  deliveryPaisa: number;
  checkouts: PlannedCheckout[];
}

export interface BurstShape {
  run: string;
  checkouts: number;
  clients: number;
  /** 20 SKUs in the burst. */
  skuCount: number;
  stockPerSku: number;
  couponLimits: number[];
}

/**
 * A seeded store made ready for a burst: `skuCount` SKUs of the demo catalog set to `stockPerSku` units each
 * (through stock events, as staff would), one coupon per limit (10-30 % off, one use per phone), and the plan
 * of checkouts the clients will send.
 */
export async function prepareBurst(fixture: StoreFixture, shape: BurstShape): Promise<BurstSetup> {
  const products = await catalogProducts(fixture);
  const skus: Sku[] = [];
  for (let index = 0; skus.length < shape.skuCount; index += 1) {
    const product = products[Math.floor(index / 2) % products.length];
    skus.push({ product, size: product.sizes[index % 2] });
  }
  for (const sku of skus) await setAvailableStock(fixture, sku.product.id, sku.size, shape.stockPerSku);

  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const coupons: LimitedCoupon[] = shape.couponLimits.map((totalLimit, index) => ({
    code: `BURST${index + 1}${suffix}`,
    percent: 10 * (index + 1),
    totalLimit,
    perPhoneLimit: 1,
  }));
  for (const coupon of coupons) {
    await createCoupon(fixture, {
      code: coupon.code,
      percent: coupon.percent,
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      totalLimit: coupon.totalLimit,
      perPhoneLimit: coupon.perPhoneLimit,
    });
  }
  const deliveryPaisa = (await deliveryCharges(fixture)).insidePaisa;
  const checkouts = planCheckouts({
    run: shape.run,
    checkouts: shape.checkouts,
    clients: shape.clients,
    skus,
    coupons,
    deliveryTaka: deliveryPaisa / 100,
  });
  return { skus, coupons, stockPerSku: shape.stockPerSku, deliveryPaisa, checkouts };
}
