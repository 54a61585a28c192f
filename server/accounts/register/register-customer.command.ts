import type { RequestMetadata } from '../../common/request/request-metadata';

export interface RegisterCustomerInput {
  name: string;
  email: string;
  password: string;
  inviteCode?: string;
}

/** A visitor creates a customer account (optionally through a friend's invite code) and is signed in. */
export class RegisterCustomer {
  constructor(
    readonly input: RegisterCustomerInput,
    readonly meta: RequestMetadata,
  ) {}
}
