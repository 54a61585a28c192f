import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import type { GuestOrdersJoined } from '../domain/account.events';
import type { Locale } from '../../../contracts/locale';
import { ConflictError, ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import type { PhoneCodePurpose } from '../domain/phone-code.events';
import { PasswordHasher } from '../password-hasher';
import { revokeOpenTokens } from '../tokens/one-time-tokens';
import { AccountWrites } from '../users/account-writes';
import { uniqueViolation } from '../users/unique-violation';
import { findUserById, findUserByProvenPhone } from '../users/user-account';
import { toUserResponse, type UserResponse } from '../users/user.response';
import { PhoneCodes } from './phone-codes';

/** Send a one-time code to a phone: for a checkout, for recovery (only when an account has the phone), or to put it on the signed-in account. */
export class RequestPhoneCode {
  constructor(
    readonly phone: string,
    readonly purpose: PhoneCodePurpose,
    readonly userId: string | null,
    readonly locale: Locale,
    readonly meta: RequestMetadata,
  ) {}
}

/** A checkout's code: right, it becomes a phone proof the checkout accepts for 30 minutes. */
export class ConfirmCheckoutPhone {
  constructor(
    readonly phone: string,
    readonly code: string,
    readonly meta: RequestMetadata,
  ) {}
}

/** The signed-in customer proves a phone with its code: it becomes the account's verified phone. */
export class VerifyAccountPhone {
  constructor(
    readonly userId: string,
    readonly phone: string,
    readonly code: string,
    readonly meta: RequestMetadata,
  ) {}
}

/** Recovery by phone: the code sent to the account's phone proves it; the password is set anew, every session ends. */
export class ResetPasswordByPhone {
  constructor(
    readonly phone: string,
    readonly code: string,
    readonly newPassword: string,
    readonly meta: RequestMetadata,
  ) {}
}

@CommandHandler(RequestPhoneCode)
export class RequestPhoneCodeHandler implements ICommandHandler<RequestPhoneCode, void> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly codes: PhoneCodes,
  ) {}

  async execute({ phone, purpose, userId, locale, meta }: RequestPhoneCode): Promise<void> {
    let owner: string | null = null;
    if (purpose === 'recovery') {
      // Only an account that proved the number recovers by it. No account, no SMS; the caller hears the same either way.
      const user = await findUserByProvenPhone(this.accounts.manager, phone);
      if (!user || user.disabledAt) return;
      owner = user.id;
    } else if (purpose === 'account-phone') {
      // Sent whoever holds the number now: the code is the proof (ADR 057), and refusing would tell who has it.
      owner = userId;
    }
    await this.codes.request({ phone, purpose, userId: owner, locale }, meta);
  }
}

@CommandHandler(ConfirmCheckoutPhone)
export class ConfirmCheckoutPhoneHandler implements ICommandHandler<ConfirmCheckoutPhone, { proof: string; expiresAt: Date }> {
  constructor(private readonly codes: PhoneCodes) {}

  async execute({ phone, code, meta }: ConfirmCheckoutPhone): Promise<{ proof: string; expiresAt: Date }> {
    const checked = await this.codes.check(phone, 'checkout', code);
    await this.codes.confirm(checked, 'checkout', meta);
    return this.codes.proofFor(phone);
  }
}

@CommandHandler(VerifyAccountPhone)
export class VerifyAccountPhoneHandler implements ICommandHandler<VerifyAccountPhone, UserResponse> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly codes: PhoneCodes,
  ) {}

  async execute({ userId, phone, code, meta }: VerifyAccountPhone): Promise<UserResponse> {
    const user = await findUserById(this.accounts.manager, userId);
    const checked = await this.codes.check(phone, 'account-phone', code);
    if (!user || checked.userId !== userId) throw ValidationFailedError.field('code', 'phone-code-invalid');
    // The code reached this shopper: the number is theirs now. An account that proved it before loses its
    // proof first (a recycled number), on its own stream, so the proven-phone index never holds two.
    const holder = await findUserByProvenPhone(this.accounts.manager, phone);
    if (holder && holder.id !== userId) {
      await this.accounts.record(holder, [{ type: 'PhoneProofWithdrawn', data: { userId: holder.id, phone, codeId: checked.id } }], meta, async (tx) => {
        await tx.query('UPDATE users SET phone_verified_at = NULL WHERE id = $1 AND phone_number = $2', [holder.id, phone]);
      });
    }
    try {
      await this.accounts.record(
        user,
        [{ type: 'PhoneVerified', data: { userId, phone, codeId: checked.id, via: 'account-phone' } }, ...(await guestOrdersJoined(this.accounts.manager, userId, phone))],
        meta,
        async (tx) => {
          if (!(await this.codes.consume(tx, checked.id))) throw ValidationFailedError.field('code', 'phone-code-invalid');
          await tx.query('UPDATE users SET phone_number = $2, phone_verified_at = now() WHERE id = $1', [userId, phone]);
        },
      );
    } catch (error) {
      // Another account proved the same number in the same moment: this code is still good, try again.
      if (uniqueViolation(error) === 'users_proven_phone_key') throw new ConflictError('phone-proof-raced');
      throw error;
    }
    return toUserResponse((await findUserById(this.accounts.manager, userId))!);
  }
}

@CommandHandler(ResetPasswordByPhone)
export class ResetPasswordByPhoneHandler implements ICommandHandler<ResetPasswordByPhone, void> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly codes: PhoneCodes,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ phone, code, newPassword, meta }: ResetPasswordByPhone): Promise<void> {
    const checked = await this.codes.check(phone, 'recovery', code);
    const user = checked.userId ? await findUserById(this.accounts.manager, checked.userId) : null;
    // The account must still hold, proven, the phone the code was sent to.
    if (!user || user.phoneNumber !== phone || !user.phoneVerifiedAt || user.disabledAt) throw ValidationFailedError.field('code', 'phone-code-invalid');
    const passwordHash = await this.hasher.hash(newPassword);
    const changedAt = this.accounts.now();
    await this.accounts.record(
      user,
      [
        { type: 'PasswordResetCompleted', data: { userId: user.id, email: user.email, name: user.name, tokenId: checked.id, changedAt: changedAt.toISOString(), via: 'phone' } },
        { type: 'PhoneVerified', data: { userId: user.id, phone, codeId: checked.id, via: 'recovery' } },
        ...(await guestOrdersJoined(this.accounts.manager, user.id, phone)),
      ],
      meta,
      async (tx) => {
        if (!(await this.codes.consume(tx, checked.id))) throw ValidationFailedError.field('code', 'phone-code-invalid');
        await revokeOpenTokens(tx, user.id, 'password-reset');
        // A new password_changed_at ends every session whose token carries the old one.
        await tx.query('UPDATE users SET password_hash = $2, password_changed_at = $3, phone_verified_at = $3, awaiting_password = false WHERE id = $1', [user.id, passwordHash, changedAt]);
      },
    );
  }
}

/**
 * Issue 32 (ADR 065): the guest orders placed from `phone` so far (no account on them), which join the account
 * that proves the phone now, as one `GuestOrdersJoined` beside its `PhoneVerified`; none when there are none.
 * Read from ordering's `order_details` read model (a query across contexts, ADR 040).
 */
async function guestOrdersJoined(manager: EntityManager, userId: string, phone: string): Promise<GuestOrdersJoined[]> {
  const rows: Array<{ order_id: string }> = await manager.query(
    `SELECT order_id FROM order_details WHERE user_id IS NULL AND phone = $1 ORDER BY placed_at, order_id`,
    [phone],
  );
  return rows.length === 0 ? [] : [{ type: 'GuestOrdersJoined', data: { userId, orderIds: rows.map((row) => row.order_id) } }];
}

export const PHONE_CODE_HANDLERS = [RequestPhoneCodeHandler, ConfirmCheckoutPhoneHandler, VerifyAccountPhoneHandler, ResetPasswordByPhoneHandler];
