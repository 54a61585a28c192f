import type { RequestMetadata } from '../../common/request/request-metadata';

export interface RegisterCustomerInput {
  name: string;
  email: string;
  password: string;
  inviteCode?: string;
  /** Optional, `01…`; unverified until a phone code proves it. */
  phone_number?: string;
}

/** A visitor creates a customer account (optionally through a friend's invite code) and is signed in. */
export class RegisterCustomer {
  constructor(
    readonly input: RegisterCustomerInput,
    readonly meta: RequestMetadata,
  ) {}
}
