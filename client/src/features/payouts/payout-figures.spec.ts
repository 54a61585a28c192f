import type { PayoutListResponse } from '../../../../contracts/payouts';
import { fetchTotals, formatDifference, formatRate, overallReturnRate, payoutsArrived, statementFileProblem, STATEMENT_MAX_KB } from './payout-figures';

describe('payout figures', () => {
  it('reads a return rate as a percent with at most one decimal', () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(0.2)).toBe('20%');
    expect(formatRate(1 / 3)).toBe('33.3%');
    expect(formatRate(Number.NaN)).toBe('0%');
  });

  it('adds every courier into one return rate, and none finished is 0', () => {
    expect(overallReturnRate([])).toEqual({ finished: 0, returned: 0, rate: 0 });
    expect(
      overallReturnRate([
        { courier: 'demo', district: null, finished: 6, returned: 1, rate: 0.167 },
        { courier: 'steadfast', district: null, finished: 4, returned: 3, rate: 0.75 },
      ]),
    ).toEqual({ finished: 10, returned: 4, rate: 0.4 });
  });

  it('shows the sign of a difference, and a dash for a parcel the store does not know', () => {
    expect(formatDifference(10)).toBe('+ ৳ 10.00');
    expect(formatDifference(-1250.5)).toBe('− ৳ 1,250.50');
    expect(formatDifference(0)).toBe('৳ 0.00');
    expect(formatDifference(null)).toBe('—');
  });

  it('totals what a fetch recorded over the couriers asked', () => {
    expect(fetchTotals([])).toEqual({ couriers: 0, payouts: 0, lines: 0, recorded: 0, unmatched: 0 });
    expect(
      fetchTotals([
        { courier: 'steadfast', payouts: 2, lines: 5, recorded: 4, unmatched: 1 },
        { courier: 'demo', payouts: 1, lines: 1, recorded: 1, unmatched: 0 },
      ]),
    ).toEqual({ couriers: 2, payouts: 3, lines: 6, recorded: 5, unmatched: 1 });
  });

  it('refuses no file, an empty file and one over the body limit before sending it', () => {
    expect(statementFileProblem(null)).toBe('missing');
    expect(statementFileProblem({ size: 0 })).toBe('missing');
    expect(statementFileProblem({ size: 120 })).toBeNull();
    expect(statementFileProblem({ size: STATEMENT_MAX_KB * 1024 })).toBeNull();
    expect(statementFileProblem({ size: STATEMENT_MAX_KB * 1024 + 1 })).toBe('too-large');
  });

  it('waits for the list to show an imported payout with its parcels, or a fetch to change the parcel total', () => {
    const list = (rows: Array<{ courier: string; payout_id: string; parcels: number }>): PayoutListResponse => ({
      success: true,
      data: rows.map((row) => ({ ...row, paid_at: '2026-11-27T10:00:00.000Z', source: 'statement', total: null, collected: 0, delivery_charge: 0, cod_fee: 0, net: 0 })),
      totals: { payouts: rows.length, parcels: rows.reduce((sum, row) => sum + row.parcels, 0), collected: 0, delivery_charge: 0, cod_fee: 0, net: 0 },
    });
    const imported = { payout: { courier: 'demo', payoutId: 'S-1', parcels: 2 }, until: 0 };
    expect(payoutsArrived(undefined, imported)).toBe(false);
    expect(payoutsArrived(list([{ courier: 'steadfast', payout_id: 'S-1', parcels: 2 }]), imported)).toBe(false);
    expect(payoutsArrived(list([{ courier: 'demo', payout_id: 'S-1', parcels: 1 }]), imported)).toBe(false);
    expect(payoutsArrived(list([{ courier: 'demo', payout_id: 'S-1', parcels: 2 }]), imported)).toBe(true);
    expect(payoutsArrived(list([{ courier: 'demo', payout_id: 'P', parcels: 3 }]), { parcelsBefore: 3, until: 0 })).toBe(false);
    expect(payoutsArrived(list([{ courier: 'demo', payout_id: 'P', parcels: 5 }]), { parcelsBefore: 3, until: 0 })).toBe(true);
  });
});
