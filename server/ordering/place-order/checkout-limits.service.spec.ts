import type { DataSource } from 'typeorm';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { ReadModelCache } from '../../catalog/read-cache/read-model-cache';
import { CATALOG_READ_MODEL, STOCK_READ_MODEL } from '../../catalog/read-cache/read-model-tags';
import type { AppConfig } from '../../config/app-config';
import { CheckoutLimitsService } from './checkout-limits.service';

const ROW = { cod_open_orders_per_phone: 3, checkout_limit_per_ip_hour: 120, checkout_units_per_ip_hour: 60, max_units_per_line: 10, max_units_per_order: 30, pending_order_expiry_hours: '48.000' };

function setup(query: jest.Mock) {
  const cache = new ReadModelCache();
  const service = new CheckoutLimitsService({ query } as unknown as DataSource, {} as RateLimiter, cache, { checkoutOverrides: { openOrdersPerPhone: 5 } } as unknown as AppConfig);
  return { service, cache };
}

describe('CheckoutLimitsService.current', () => {
  it('reads the settings once for every checkout that finds them stale at the same moment, with the overrides on top', async () => {
    const query = jest.fn().mockResolvedValue([ROW]);
    const { service } = setup(query);
    const all = await Promise.all(Array.from({ length: 64 }, () => service.current()));
    expect(query).toHaveBeenCalledTimes(1);
    for (const limits of all) expect(limits).toEqual({ perIpHour: 120, unitsPerIpHour: 60, openOrdersPerPhone: 5, maxUnitsPerLine: 10, maxUnitsPerOrder: 30, pendingExpiryHours: 48, phoneVerification: 'off' });
    await service.current();
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read: the next checkout reads again', async () => {
    const query = jest.fn().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue([ROW]);
    const { service } = setup(query);
    await expect(service.current()).rejects.toThrow('connection lost');
    await expect(service.current()).resolves.toMatchObject({ maxUnitsPerLine: 10 });
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('reads the settings again as soon as the catalog read model (which holds them) moves, and not when stock moves', async () => {
    const query = jest.fn().mockResolvedValueOnce([ROW]).mockResolvedValue([{ ...ROW, checkout_phone_verification: 'always' }]);
    const { service, cache } = setup(query);
    await expect(service.current()).resolves.toMatchObject({ phoneVerification: 'off' });
    cache.invalidate(STOCK_READ_MODEL);
    await expect(service.current()).resolves.toMatchObject({ phoneVerification: 'off' });
    expect(query).toHaveBeenCalledTimes(1);
    cache.invalidate(CATALOG_READ_MODEL);
    await expect(service.current()).resolves.toMatchObject({ phoneVerification: 'always' });
    expect(query).toHaveBeenCalledTimes(2);
  });
});
