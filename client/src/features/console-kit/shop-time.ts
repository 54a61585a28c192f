/**
 * Dates and times as the shop and its customers read them: "27 Nov 2026, 14:05", always in Dhaka time
 * (whatever the staff member's phone or laptop is set to), day first, 24-hour clock. Every console screen
 * formats a moment with these, never with `toLocaleString()` (which gives 11/27/2026 on a US-set browser).
 */
const DHAKA = 'Asia/Dhaka';

const dateAndTime = new Intl.DateTimeFormat('en-GB', { timeZone: DHAKA, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { timeZone: DHAKA, day: 'numeric', month: 'short', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat('en-GB', { timeZone: DHAKA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function dateOf(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "27 Nov 2026, 14:05" (Dhaka time); "—" for no date; an unreadable value as it came. */
export function shopDateTime(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return value ? String(value) : '—';
  return dateAndTime.format(date);
}

/** "27 Nov 2026" (the day in Dhaka). */
export function shopDate(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return value ? String(value) : '—';
  return dateOnly.format(date);
}

/** "14:05" (Dhaka time). */
export function shopTime(value: string | number | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return value ? String(value) : '—';
  return timeOnly.format(date);
}
