import type { RequestMetadata } from '../../common/request/request-metadata';

/** A signed-in customer changes their name and, if given, their phone number. */
export class UpdateProfile {
  constructor(
    readonly userId: string,
    readonly name: string,
    /** Normalised 11 digits; undefined keeps the current number. */
    readonly phoneNumber: string | undefined,
    readonly meta: RequestMetadata,
  ) {}
}
