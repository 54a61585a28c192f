import type { RequestMetadata } from '../../common/request/request-metadata';

/** A signed-in user sets a new password; every other session ends, this one gets a fresh token. */
export class ChangePassword {
  constructor(
    readonly userId: string,
    readonly newPassword: string,
    readonly meta: RequestMetadata,
  ) {}
}
