import type { PayoutFetchResponse, PayoutListResponse, PayoutReconciliationResponse } from '../../../../contracts/payouts';
import { formatTaka } from '../console-kit/format';

/** A return rate (0.125) as care reads it: "12.5%"; whole percents without ".0". */
export function formatRate(rate: number): string {
  const percent = Math.round((Number.isFinite(rate) ? rate : 0) * 1000) / 10;
  return `${percent.toFixed(1).replace(/\.0$/, '')}%`;
}

/** Every courier's returned parcels over those that reached an end, as one rate for the dashboard's tile. */
export function overallReturnRate(rows: PayoutReconciliationResponse['return_rate']): { finished: number; returned: number; rate: number } {
  const finished = rows.reduce((sum, row) => sum + row.finished, 0);
  const returned = rows.reduce((sum, row) => sum + row.returned, 0);
  return { finished, returned, rate: finished === 0 ? 0 : returned / finished };
}

/** A difference of money with its sign always shown: "+ ৳ 10.00", "− ৳ 50.00", "৳ 0.00"; "—" when unknown. */
export function formatDifference(difference: number | null): string {
  if (difference === null || !Number.isFinite(difference)) return '—';
  if (difference === 0) return formatTaka(0);
  return `${difference > 0 ? '+' : '−'} ${formatTaka(Math.abs(difference))}`;
}

/** What one "Fetch payouts now" brought, over every courier asked. */
export function fetchTotals(couriers: PayoutFetchResponse['couriers']): { couriers: number; payouts: number; lines: number; recorded: number; unmatched: number } {
  return couriers.reduce(
    (sum, row) => ({ couriers: sum.couriers + 1, payouts: sum.payouts + row.payouts, lines: sum.lines + row.lines, recorded: sum.recorded + row.recorded, unmatched: sum.unmatched + row.unmatched }),
    { couriers: 0, payouts: 0, lines: 0, recorded: 0, unmatched: 0 },
  );
}

/** The largest statement file the console sends: the server takes JSON bodies up to 100 KB (about 2,000 parcels). */
export const STATEMENT_MAX_KB = 90;

/** Why a chosen statement file cannot be sent as it is, before reading it: none, or too large. */
export function statementFileProblem(file: { size: number } | null | undefined): 'missing' | 'too-large' | null {
  if (!file || file.size === 0) return 'missing';
  return file.size > STATEMENT_MAX_KB * 1024 ? 'too-large' : null;
}

/**
 * What the console waits to see after recording payouts: the payouts projection answers a moment after the
 * command, so the page asks again until the list shows them (or `until`, a time in ms, has passed).
 */
export interface AwaitedPayouts {
  /** An imported statement: its payout, and how many of its parcels were recorded. */
  payout?: { courier: string; payoutId: string; parcels: number };
  /** A fetch: the list's parcel total before it, which the new parcels change. */
  parcelsBefore?: number;
  until: number;
}

/** Whether the list answer shows what was recorded. */
export function payoutsArrived(list: PayoutListResponse | undefined, awaited: AwaitedPayouts): boolean {
  if (!list) return false;
  const { payout, parcelsBefore } = awaited;
  if (payout) return list.data.some((row) => row.courier === payout.courier && row.payout_id === payout.payoutId && row.parcels >= payout.parcels);
  return parcelsBefore === undefined || list.totals.parcels !== parcelsBefore;
}
