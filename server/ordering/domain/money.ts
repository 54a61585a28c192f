import type { Paisa } from '../../common/money';

export type { Paisa };

/**
 * "60", "60.5", "60.00", 60 → paisa; null for anything else (more than two decimals, negative, text). How the
 * server reads a Taka amount a client sends; answers go out through `paisaToTaka` (server/common/money.ts).
 */
export function parseTaka(value: unknown): Paisa | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Percent of an amount, rounded half up to the paisa. */
export function percentOf(amount: Paisa, percent: number): Paisa {
  return Math.round((amount * percent) / 100);
}
