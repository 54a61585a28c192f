/** The daily payments reconciliation (issue 34, ADR 061): completed payments against the order log. Amounts in taka. */

/**
 * `payment-without-order`: money taken for no live order; `paid-without-payment`: an order held as paid with no
 * completed payment behind it; `amount-differs`: a payment whose amount is not what the order (or the gateway) says.
 */
export type ReconciliationFindingKind = 'payment-without-order' | 'paid-without-payment' | 'amount-differs';

export interface ReconciliationFindingView {
  kind: ReconciliationFindingKind;
  order_id: string | null;
  gateway: string | null;
  payment_id: string | null;
  trx_id: string | null;
  /** What the order log holds as paid, and what it should be (the order's total or advance, or the gateway's amount). */
  recorded: number | null;
  expected: number | null;
  /** Why, in plain English. */
  detail: string;
}

export interface PaymentReconciliationResponse {
  success: true;
  /** The shop day (Asia/Dhaka) shown; null before the first reconciliation. */
  day: string | null;
  ran_at: string | null;
  checked: { payments: number; orders: number; gateway_asked: number; gateway_unanswered: number; unchecked_by_hand: number } | null;
  findings: ReconciliationFindingView[];
  /** The last 30 days reconciled, newest first, with how many findings each had. */
  days: Array<{ day: string; ran_at: string; findings: number }>;
}
