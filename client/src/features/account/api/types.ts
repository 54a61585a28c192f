import type { SignedInResponse, UserResponse } from '../../../../../contracts/accounts';
import type { CustomerOrderRowResponse } from '../../../../../contracts/orders';

/** The signed-in account (contracts/accounts.ts). */
export type AccountUser = UserResponse;

/** A sign-in, registration or password change answer; some carry a message for the shopper. */
export type SignedIn = SignedInResponse & { message?: string };

/** A dashboard row (spec §3 "Order history row"). */
export type CustomerOrderRow = CustomerOrderRowResponse;
