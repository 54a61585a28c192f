import { ConflictError } from '../../common/errors/domain-error';
import type { Decider } from '../../event-store/command-path/decider';
import type { StoreCreditEvent } from './return.events';

/**
 * A phone's store credit (`credit-<pseudonym>`): the balance, never below zero, and what each order spent and
 * has not had back (so a cancelled order's credit is given back once, never more than it spent).
 */
export type StoreCreditState = { balancePaisa: number; spentBy?: Readonly<Record<string, number>> };

export type GrantStoreCredit = { type: 'GrantStoreCredit'; data: { amountPaisa: number; orderId: string; returnId: string; now: Date } };
export type SpendStoreCredit = { type: 'SpendStoreCredit'; data: { amountPaisa: number; orderId: string; now: Date } };
/** Give back what an order spent (its cancel, withdrawal or expiry): nothing when it spent none or had it back. */
export type RestoreStoreCredit = { type: 'RestoreStoreCredit'; data: { orderId: string; reason: string; now: Date } };
export type StoreCreditCommand = GrantStoreCredit | SpendStoreCredit | RestoreStoreCredit;

function decide(command: StoreCreditCommand, state: StoreCreditState): StoreCreditEvent[] {
  const { orderId, now } = command.data;
  if (command.type === 'RestoreStoreCredit') {
    const spent = state.spentBy?.[orderId] ?? 0;
    return spent > 0 ? [{ type: 'StoreCreditRestored', data: { amountPaisa: spent, orderId, reason: command.data.reason, at: now.toISOString() } }] : [];
  }
  const { amountPaisa } = command.data;
  if (!Number.isInteger(amountPaisa) || amountPaisa <= 0) return [];
  if (command.type === 'GrantStoreCredit') return [{ type: 'StoreCreditGranted', data: { amountPaisa, orderId, returnId: command.data.returnId, at: now.toISOString() } }];
  if (amountPaisa > state.balancePaisa) throw new ConflictError('store-credit-insufficient', { balance: state.balancePaisa / 100, amount: amountPaisa / 100 });
  return [{ type: 'StoreCreditSpent', data: { amountPaisa, orderId, at: now.toISOString() } }];
}

function evolve(state: StoreCreditState, event: StoreCreditEvent): StoreCreditState {
  const spentBy = { ...state.spentBy };
  switch (event.type) {
    case 'StoreCreditGranted':
      return { ...state, balancePaisa: state.balancePaisa + event.data.amountPaisa };
    case 'StoreCreditSpent':
      spentBy[event.data.orderId] = (spentBy[event.data.orderId] ?? 0) + event.data.amountPaisa;
      return { balancePaisa: state.balancePaisa - event.data.amountPaisa, spentBy };
    case 'StoreCreditRestored':
      delete spentBy[event.data.orderId];
      return { balancePaisa: state.balancePaisa + event.data.amountPaisa, spentBy };
  }
}

export const storeCreditDecider: Decider<StoreCreditCommand, StoreCreditEvent, StoreCreditState> = {
  decide,
  evolve,
  initialState: () => ({ balancePaisa: 0 }),
};

/** How much of an order's total a balance pays: all of the balance, at most the total. */
export function creditToSpend(balancePaisa: number, totalPaisa: number): number {
  return Math.max(0, Math.min(balancePaisa, totalPaisa));
}
