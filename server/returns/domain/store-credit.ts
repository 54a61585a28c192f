import { ConflictError } from '../../common/errors/domain-error';
import type { Decider } from '../../event-store/command-path/decider';
import type { StoreCreditEvent } from './return.events';

/** A phone's store credit (`credit-<pseudonym>`): the balance, never below zero. */
export type StoreCreditState = { balancePaisa: number };

export type GrantStoreCredit = { type: 'GrantStoreCredit'; data: { amountPaisa: number; orderId: string; returnId: string; now: Date } };
export type SpendStoreCredit = { type: 'SpendStoreCredit'; data: { amountPaisa: number; orderId: string; now: Date } };

function decide(command: GrantStoreCredit | SpendStoreCredit, state: StoreCreditState): StoreCreditEvent[] {
  const { amountPaisa, orderId, now } = command.data;
  if (!Number.isInteger(amountPaisa) || amountPaisa <= 0) return [];
  if (command.type === 'GrantStoreCredit') return [{ type: 'StoreCreditGranted', data: { amountPaisa, orderId, returnId: command.data.returnId, at: now.toISOString() } }];
  if (amountPaisa > state.balancePaisa) throw new ConflictError('store-credit-insufficient', { balance: state.balancePaisa / 100, amount: amountPaisa / 100 });
  return [{ type: 'StoreCreditSpent', data: { amountPaisa, orderId, at: now.toISOString() } }];
}

function evolve(state: StoreCreditState, event: StoreCreditEvent): StoreCreditState {
  return { balancePaisa: state.balancePaisa + (event.type === 'StoreCreditGranted' ? event.data.amountPaisa : -event.data.amountPaisa) };
}

export const storeCreditDecider: Decider<GrantStoreCredit | SpendStoreCredit, StoreCreditEvent, StoreCreditState> = {
  decide,
  evolve,
  initialState: () => ({ balancePaisa: 0 }),
};
