import type { DataSource } from 'typeorm';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { CheckoutLimitsService } from './checkout-limits.service';

const ROW = { cod_open_orders_per_phone: 3, checkout_limit_per_ip_hour: 120, max_units_per_line: 10, max_units_per_order: 30, pending_order_expiry_hours: '48.000' };

function serviceWith(query: jest.Mock) {
  return new CheckoutLimitsService({ query } as unknown as DataSource, {} as RateLimiter, { checkoutOverrides: { openOrdersPerPhone: 5 } } as unknown as AppConfig);
}

describe('CheckoutLimitsService.current', () => {
  it('reads the settings once for every checkout that finds them stale at the same moment, with the overrides on top', async () => {
    const query = jest.fn().mockResolvedValue([ROW]);
    const service = serviceWith(query);
    const all = await Promise.all(Array.from({ length: 64 }, () => service.current()));
    expect(query).toHaveBeenCalledTimes(1);
    for (const limits of all) expect(limits).toEqual({ perIpHour: 120, openOrdersPerPhone: 5, maxUnitsPerLine: 10, maxUnitsPerOrder: 30, pendingExpiryHours: 48, phoneVerification: 'off' });
    await service.current();
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read: the next checkout reads again', async () => {
    const query = jest.fn().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue([ROW]);
    const service = serviceWith(query);
    await expect(service.current()).rejects.toThrow('connection lost');
    await expect(service.current()).resolves.toMatchObject({ maxUnitsPerLine: 10 });
    expect(query).toHaveBeenCalledTimes(2);
  });
});
