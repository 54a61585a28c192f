import { checkpointFromRow, compareCheckpoints, START } from './checkpoint';

describe('global checkpoints', () => {
  it('orders by transaction id before position, so a late commit with a lower position comes after', () => {
    const lateCommit = { transactionId: 11n, position: 3n };
    const earlier = { transactionId: 10n, position: 7n };

    expect(compareCheckpoints(earlier, lateCommit)).toBe(-1);
    expect(compareCheckpoints(lateCommit, earlier)).toBe(1);
    expect(compareCheckpoints({ transactionId: 10n, position: 2n }, earlier)).toBe(-1);
    expect(compareCheckpoints(earlier, { ...earlier })).toBe(0);
    expect(compareCheckpoints(START, earlier)).toBe(-1);
  });

  it('reads xid8 and bigint text from pg without losing precision', () => {
    expect(checkpointFromRow({ transaction_text: '9007199254740993', position_text: '9007199254740995' })).toEqual({
      transactionId: 9007199254740993n,
      position: 9007199254740995n,
    });
  });
});
