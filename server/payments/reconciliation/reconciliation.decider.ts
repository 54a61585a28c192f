import type { Decider } from '../../event-store/command-path/decider';

/**
 * What a reconciliation found (issue 34, ADR 061):
 * - `payment-without-order`: money taken with no order to show for it: a completed payment whose order is missing,
 *   cancelled or expired and not refunded, or a payment the gateway completed that the order log does not hold as paid;
 * - `paid-without-payment`: an order the log holds as paid (a bKash order past pending, a completed payment, a
 *   transfer care verified by hand) with no completed payment behind it, by the log or by the gateway;
 * - `amount-differs`: a completed payment whose amount is not what the order asks (its total, or its advance), or
 *   not what the gateway says it is.
 */
export type ReconciliationKind = 'payment-without-order' | 'paid-without-payment' | 'amount-differs';

export interface ReconciliationFinding {
  kind: ReconciliationKind;
  orderId: string | null;
  gateway: string | null;
  paymentId: string | null;
  trxId: string | null;
  /** What the order log holds as paid (paisa), and what it should be (the order's total or advance, or the gateway's amount). */
  recordedPaisa: number | null;
  expectedPaisa: number | null;
  /** Why, in plain words (for the console). */
  detail: string;
}

/** What the run looked at. */
export interface ReconciliationChecked {
  /** Completed payments in the order log. */
  payments: number;
  /** Orders the log holds as paid by bKash or with an advance paid. */
  orders: number;
  /** Questions asked of the gateway (status, search), and those it did not answer. */
  gatewayAsked: number;
  gatewayUnanswered: number;
  /** Transfers care verified by hand that no gateway could be asked about (the demo gateway). */
  uncheckedByHand: number;
}

/**
 * A day's reconciliation of completed payments against the order log, recorded once per day (Asia/Dhaka) on the
 * `payment-reconciliation-<YYYY-MM-DD>` stream, by the worker's daily job or an admin. Consumed by the
 * `payment-reconciliations` projection (the admin route and the console's Payments page).
 */
export type PaymentsReconciled = {
  type: 'PaymentsReconciled';
  data: { day: string; at: string; checked: ReconciliationChecked; findings: ReconciliationFinding[] };
};

export type ReconciliationEvent = PaymentsReconciled;
export type RecordReconciliation = { type: 'RecordReconciliation'; data: PaymentsReconciled['data'] };

export const reconciliationStreamId = (day: string) => `payment-reconciliation-${day}`;

/** One reconciliation per day: a second run of the same day (another worker, a restart) records nothing. */
export const reconciliationDecider: Decider<RecordReconciliation, ReconciliationEvent, { recorded: boolean }> = {
  initialState: () => ({ recorded: false }),
  evolve: (state, event) => (event.type === 'PaymentsReconciled' ? { recorded: true } : state),
  decide: (command, state) => (state.recorded ? [] : [{ type: 'PaymentsReconciled', data: command.data }]),
};
