import type { CustomerOrderRowResponse } from '../../../../../contracts/orders';

export interface AccountUser {
  id?: string;
  name: string;
  email: string;
  phone_number: string | null;
  invite_code?: string | null;
}

export interface SignedIn {
  user: AccountUser;
  access_token: string;
  message?: string;
}

/** A dashboard row (spec §3 "Order history row"). */
export type CustomerOrderRow = CustomerOrderRowResponse;
