/** The cash coming back (issue 29): courier payouts, and how they reconcile with the parcels delivered. Amounts in taka. */

export type PayoutSourceCode = 'courier-api' | 'webhook' | 'statement';

export interface PayoutSummary {
  courier: string;
  payout_id: string;
  paid_at: string;
  source: PayoutSourceCode;
  /** The total the courier said it paid, when it said. */
  total: number | null;
  parcels: number;
  collected: number;
  delivery_charge: number;
  cod_fee: number;
  /** Collected less the delivery charges and COD fees. */
  net: number;
}

export interface PayoutListResponse {
  success: true;
  data: PayoutSummary[];
  totals: { payouts: number; parcels: number; collected: number; delivery_charge: number; cod_fee: number; net: number };
}

export interface PayoutMismatch {
  order_id: string | null;
  courier: string;
  consignment_id: string;
  payout_id: string;
  paid_at: string;
  /** What the rider was to collect (null: the store knows no such parcel). */
  due: number | null;
  collected: number;
  delivery_charge: number;
  cod_fee: number;
  /** collected − due (null when the parcel is unknown). */
  difference: number | null;
}

export interface UnpaidParcel {
  order_id: string;
  courier: string;
  consignment_id: string;
  due: number;
  delivered_at: string;
  days_since_delivery: number;
}

export interface PayoutReconciliationResponse {
  success: true;
  unpaid_after_days: number;
  /** Paid parcels whose collected amount is not the amount due, and paid parcels the store does not know. */
  mismatches: PayoutMismatch[];
  /** Delivered parcels with no payout more than `unpaid_after_days` days after delivery. */
  unpaid: UnpaidParcel[];
  /** Cash riders collected (delivered parcels) that no payout has brought back yet, per courier. */
  cash_held: { total: number; by_courier: Array<{ courier: string; parcels: number; amount: number }> };
  /** Net paid out by payouts dated this calendar month (Dhaka time), per courier. */
  paid_out_this_month: { total: number; by_courier: Array<{ courier: string; payouts: number; amount: number }> };
  /** Returned parcels over those that reached an end (delivered, partly delivered or returned), per courier; the checkout asks no district. */
  return_rate: Array<{ courier: string; district: string | null; finished: number; returned: number; rate: number }>;
}

export interface PayoutRecordedResponse {
  success: true;
  courier: string;
  payout_id: string;
  lines: number;
  recorded: number;
  unmatched: number;
}

export interface PayoutFetchResponse {
  success: true;
  couriers: Array<{ courier: string; payouts: number; lines: number; recorded: number; unmatched: number }>;
}
