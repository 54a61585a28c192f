import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { StaffMember } from '../../../contracts/catalog-admin';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import { says } from '../../common/validation/rule-message';
import type { EventMetadata } from '../../event-store/event-store.types';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import { DUMMY_PASSWORD_HASH } from '../users/dummy-password-hash';
import { issueToken, storeToken } from '../tokens/one-time-tokens';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, type Clock } from '../../common/clock';
import { LinkOrigins } from '../users/link-origins';
import { uniqueViolation } from '../users/unique-violation';
import { findUserByEmail, findUserById, recordAccountEvents } from '../users/user-account';

/** How long a new staff member's set-password link works (once). */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

export const addStaffRequest = z.object({
  name: z.string({ error: says('name-required') }).trim().min(1, says('name-required')).max(100, says('field-too-long', { field: 'name', max: 100 })),
  email: z
    .string({ error: says('email-required') })
    .trim()
    .toLowerCase()
    .min(1, says('email-required'))
    .max(200, says('field-too-long', { field: 'email', max: 200 }))
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, says('email-invalid')),
  role: z.enum(['care', 'admin'], { error: says('staff-role-invalid') }),
});

export type StaffResponse = StaffMember;

/**
 * Staff accounts: added with a role and no password anyone knows; the new member sets one through a
 * single-use link mailed to them (the reset-token envelope of docs/decisions/021, valid 72 hours).
 * Disabling ends every session at once: the token guard reads the account on each call.
 */
@Injectable()
export class StaffAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly envelopes: OutboxEnvelopes,
    private readonly origins: LinkOrigins,
    /** A hash of a random secret thrown away at start: no password verifies against it until the member sets one. */
    @Inject(DUMMY_PASSWORD_HASH) private readonly unusableHash: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(): Promise<{ data: StaffResponse[] }> {
    const rows: Array<{ id: string; name: string; email: string; role: 'care' | 'admin'; created_at: Date; disabled_at: Date | null; invited: boolean }> =
      await this.dataSource.query(
        `SELECT u.id, u.name, u.email, u.role, u.created_at, u.disabled_at,
                (u.password_changed_at = u.created_at) AS invited
           FROM users u WHERE u.role IN ('care', 'admin') ORDER BY u.role, u.name, u.id`,
      );
    return {
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        status: row.disabled_at ? 'disabled' : row.invited ? 'invited' : 'active',
        created_at: row.created_at.toISOString(),
        disabled_at: row.disabled_at ? row.disabled_at.toISOString() : null,
      })),
    };
  }

  /** Returns the member and the set-password link (the API never shows the link; `npm run staff` prints it). */
  async add(input: z.output<typeof addStaffRequest>, metadata: EventMetadata, host?: string): Promise<{ staff: StaffResponse; link: string }> {
    if (await findUserByEmail(this.dataSource.manager, input.email)) throw emailTaken();
    const userId = randomUUID();
    const now = this.clock.now();
    const passwordHash = this.unusableHash;
    const token = issueToken('password-reset', now);
    token.expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
    const origin = this.origins.resolve(host);
    const mailEventId = randomUUID();
    try {
      await recordAccountEvents(
        this.commands,
        { id: userId, streamVersion: 0 },
        [
          { type: 'StaffMemberAdded', data: { userId, name: input.name, email: input.email, role: input.role } },
          {
            id: mailEventId,
            type: 'PasswordResetRequested',
            data: { userId, email: input.email, name: input.name, tokenId: token.id, linkOrigin: origin, expiresAt: token.expiresAt.toISOString() },
          },
        ],
        metadata,
        async (tx) => {
          // password_changed_at = created_at marks an account whose owner has not set a password yet.
          await tx.query(
            `INSERT INTO users (id, name, email, password_hash, role, email_verified_at, password_changed_at, created_at)
             VALUES ($1, $2, $3, $4, $5, NULL, $6, $6)`,
            [userId, input.name, input.email, passwordHash, input.role, now],
          );
          await storeToken(tx, token, { userId, purpose: 'password-reset', email: input.email });
          await this.envelopes.store(tx, { id: mailEventId, type: 'PasswordResetRequested' }, { token: token.raw }, token.expiresAt);
        },
      );
    } catch (error) {
      if (uniqueViolation(error)) throw emailTaken();
      throw error;
    }
    const staff = (await this.list()).data.find((member) => member.id === userId)!;
    return { staff, link: `${origin}/forget-password-recover-email/${encodeURIComponent(token.raw)}` };
  }

  async disable(id: string, metadata: EventMetadata): Promise<StaffResponse> {
    const user = await findUserById(this.dataSource.manager, id);
    if (!user || (user.role !== 'care' && user.role !== 'admin')) throw new NotFoundError('staff-not-found');
    if (user.id === metadata.actor.id) throw ValidationFailedError.field('id', 'staff-disable-self');
    if (!user.disabledAt) {
      await recordAccountEvents(this.commands, user, [{ type: 'StaffMemberDisabled', data: { userId: user.id, email: user.email } }], metadata, async (tx) => {
        await tx.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [user.id]);
        await tx.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [user.id]);
      });
    }
    return (await this.list()).data.find((member) => member.id === user.id)!;
  }
}

function emailTaken(): ValidationFailedError {
  return ValidationFailedError.field('email', 'staff-email-taken');
}
