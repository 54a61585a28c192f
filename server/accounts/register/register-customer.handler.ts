import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomInt, randomUUID } from 'node:crypto';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { AccessTokenService } from '../login/access-token.service';
import type { SignedIn } from '../login/log-in.handler';
import { PasswordHasher } from '../password-hasher';
import { uniqueViolation } from '../users/unique-violation';
import { AccountWrites } from '../users/account-writes';
import { findUserByEmail, findUserById, findUserByInviteCode } from '../users/user-account';
import { toUserResponse } from '../users/user.response';
import { RegisterCustomer } from './register-customer.command';

@CommandHandler(RegisterCustomer)
export class RegisterCustomerHandler implements ICommandHandler<RegisterCustomer, SignedIn> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokenService,
  ) {}

  async execute({ input, meta }: RegisterCustomer): Promise<SignedIn> {
    const manager = this.accounts.manager;
    if (await findUserByEmail(manager, input.email)) throw ValidationFailedError.field('email', 'email-taken');
    // A typed phone is not checked against other accounts: it counts for nothing until a code proves it
    // (ADR 057), and an answer "taken" would tell anyone which numbers have accounts.
    const phone = input.phone_number ?? null;
    // An unknown invite code (an old link) does not block registration; it just counts for no one.
    const referrer = input.inviteCode ? await findUserByInviteCode(manager, input.inviteCode.trim().toUpperCase()) : null;
    const passwordHash = await this.hasher.hash(input.password);
    const id = randomUUID();
    const inviteCode = newInviteCode();
    const now = this.accounts.now();
    try {
      await this.accounts.record(
        { id, streamVersion: 0 },
        [
          { type: 'CustomerRegistered', data: { userId: id, name: input.name, email: input.email, inviteCode, referredBy: referrer?.id ?? null } },
          // A phone typed at registration is the account's, unverified until a code proves it.
          ...(phone ? [{ type: 'CustomerProfileUpdated' as const, data: { userId: id, name: input.name, phoneNumber: phone } }] : []),
        ],
        meta,
        async (tx) => {
          await tx.query(
            `INSERT INTO users (id, name, email, password_hash, role, password_changed_at, invite_code, referred_by, created_at, phone_number)
             VALUES ($1, $2, $3, $4, 'customer', $5, $6, $7, $5, $8)`,
            [id, input.name, input.email, passwordHash, now, inviteCode, referrer?.id ?? null, phone],
          );
        },
      );
    } catch (error) {
      if (uniqueViolation(error) === 'users_email_key') throw ValidationFailedError.field('email', 'email-taken');
      throw error;
    }
    const user = (await findUserById(manager, id))!;
    return { user: toUserResponse(user), ...(await this.tokens.issue(user)) };
  }
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten characters without look-alikes (0/O, 1/I): easy to read aloud, 50 bits so collisions stay theoretical. */
function newInviteCode(): string {
  return Array.from({ length: 10 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}
