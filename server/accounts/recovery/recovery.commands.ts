import type { RequestMetadata } from '../../common/request/request-metadata';

/** Someone asks for a password reset link for an e-mail (answered the same whether it has an account or not). */
export class RequestPasswordReset {
  constructor(
    readonly email: string,
    readonly host: string | undefined,
    readonly meta: RequestMetadata,
  ) {}
}

/** The holder of a reset link sets a new password; the link is used up and every session ends. */
export class ResetPassword {
  constructor(
    readonly token: string,
    readonly newPassword: string,
    readonly meta: RequestMetadata,
  ) {}
}

/** Whether an account has this phone number (the first step of recovery by phone). */
export class FindAccount {
  constructor(readonly phone: string) {}
}

/**
 * Recovery by phone: a verification link is mailed to the account's EXISTING e-mail, never to the address
 * typed in (docs/decisions/022). `email` is what the visitor typed; it is not trusted for delivery.
 */
export class RequestEmailVerification {
  constructor(
    readonly phone: string,
    readonly email: string,
    readonly host: string | undefined,
    readonly meta: RequestMetadata,
  ) {}
}

/**
 * The holder of a verification link confirms an e-mail: the same address verifies it, another one replaces
 * it (and a verification link goes to the new address).
 */
export class ConfirmEmail {
  constructor(
    readonly token: string,
    readonly email: string,
    readonly meta: RequestMetadata,
  ) {}
}
