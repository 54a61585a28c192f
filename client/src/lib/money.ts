import { formatNumber, getLocale } from './i18n/locale';

/** Taka sign, used when neither the product nor the settings name a currency. */
export const DEFAULT_CURRENCY_SYMBOL = '৳';

/**
 * "৳ 450.00": currency symbol, a space, the amount with two decimals. The API sends amounts as numbers
 * or as strings ("450.00", sometimes "1,200.00"); anything unreadable shows as 0.00. In Bengali mode the
 * amount is in Bengali digits with Bangladeshi grouping: "৳ ১,২৫,০০০.০০".
 */
export function formatMoney(amount: number | string | null | undefined, currencySymbol?: string | null): string {
  let symbol = currencySymbol?.trim() || DEFAULT_CURRENCY_SYMBOL;
  // A store that writes its currency in Latin letters (Tk, BDT) still shows the taka sign to a Bengali reader.
  if (getLocale() === 'bn' && /^(tk\.?|bdt|taka)$/i.test(symbol)) symbol = DEFAULT_CURRENCY_SYMBOL;
  return `${symbol} ${formatNumber(toAmount(amount), 2)}`;
}

function toAmount(amount: number | string | null | undefined): number {
  const value = typeof amount === 'string' ? Number(amount.replace(/,/g, '').trim()) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  // Round half away from zero on the cents, which toFixed alone gets wrong for values like 1.005.
  return Math.sign(value) * (Math.round((Math.abs(value) + Number.EPSILON) * 100) / 100);
}
