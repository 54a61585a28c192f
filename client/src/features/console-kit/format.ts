/** "৳ 1,234.00": the console shows every amount with thousands separators and two decimals. */
export function formatTaka(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount.replace(/,/g, '')) : amount;
  const safe = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return `৳ ${safe.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Dhaka time, as care staff read it on the phone with customers. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dhaka',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

export function formatNumber(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n.toLocaleString('en-US') : String(value);
}
