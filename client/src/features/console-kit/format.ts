import { shopDateTime } from './shop-time';

/** "৳ 1,234.00": the console shows every amount with thousands separators and two decimals. */
export function formatTaka(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount.replace(/,/g, '')) : amount;
  const safe = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return `৳ ${safe.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Dhaka time, as the shop reads it ("27 Nov 2026, 14:05"): see shop-time.ts. */
export function formatDateTime(value: string | null | undefined): string {
  return shopDateTime(value);
}

export function formatNumber(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n.toLocaleString('en-US') : String(value);
}
