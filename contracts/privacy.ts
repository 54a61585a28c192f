/**
 * Wire types of the personal-data export (issue 21, ADR 053): everything the store holds about one person,
 * as JSON. A customer downloads their own (`GET /api/customer/personal-data`); care exports a phone number's
 * (`GET /api/admin/personal-data?phone=`). Money in Taka, times ISO 8601.
 */
import type { PhoneRiskResponse } from './orders';

export interface PersonalDataAccount {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  /** Whether a code proved `phone_number`; an unproven number leads to nothing (ADR 057). */
  phone_verified: boolean;
  role: string;
  email_verified_at: string | null;
  created_at: string;
  /** Issue 32: the saved delivery address (area id, house and road, landmark), null when none. */
  delivery_area_id: string | null;
  delivery_address: string | null;
  delivery_landmark: string | null;
}

export interface PersonalDataOrder {
  order_id: string;
  placed_at: string;
  status: string;
  customer_name: string;
  email: string | null;
  phone: string;
  shipping_phone: string;
  address: string;
  /** Issue 30: the picked district and thana and the landmark (null: a free-text address only). */
  district: string | null;
  thana: string | null;
  landmark: string | null;
  payment_method: string | null;
  bkash_number: string | null;
  items: Array<{ name: string; size: string; qty: number; price: number }>;
  grand_total: number | null;
  lucky_draw_tokens: string[];
}

/** A phone's record as a customer, as care sees it (the counting and block fields of `PhoneRiskResponse`). */
export type PersonalDataPhoneRecord = Pick<PhoneRiskResponse, 'phone' | 'placed' | 'delivered' | 'returned' | 'cancelled' | 'expired' | 'blocked' | 'block_reason'>;

export interface PersonalDataExport {
  generated_at: string;
  subject: { kind: 'account'; user_id: string } | { kind: 'phone'; phone: string };
  accounts: PersonalDataAccount[];
  /** What happened to the account, in order: event type and time (never a token or a password hash). */
  account_history: Array<{ event: string; at: string }>;
  orders: PersonalDataOrder[];
  phone_records: PersonalDataPhoneRecord[];
}
