import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { StaffInvitationInfo, StaffMember } from '../../../contracts/catalog-admin';
import { BadRequestError, NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import { says } from '../../common/validation/rule-message';
import type { EventMetadata } from '../../event-store/event-store.types';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import { DUMMY_PASSWORD_HASH } from '../users/dummy-password-hash';
import { consumeToken, findUsableToken, issueToken, revokeOpenTokens, storeToken, TOKEN_LIFETIME_MS } from '../tokens/one-time-tokens';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, type Clock } from '../../common/clock';
import { PasswordHasher } from '../password-hasher';
import { AccountSessions } from '../sessions/account-sessions';
import { LinkOrigins } from '../users/link-origins';
import { uniqueViolation } from '../users/unique-violation';
import { findUserByEmail, findUserById, recordAccountEvents, type UserAccount } from '../users/user-account';

/** How long an invitation's set-password link works (once): a week. */
export const INVITATION_LIFETIME_MS = TOKEN_LIFETIME_MS['staff-invitation'];

const invitationLocale = z.enum(['en', 'bn'], { error: says('language-invalid') }).default('en').describe('The language of the invitation mail');

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
  locale: invitationLocale.optional(),
});

export const resendInvitationRequest = z.object({ locale: invitationLocale.optional() });

/** The console's set-password page of an invitation link: /admin/invitation/<token>. */
export const invitationPath = (token: string): string => `/admin/invitation/${encodeURIComponent(token)}`;

export type StaffResponse = StaffMember;

interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: 'care' | 'admin';
  created_at: Date;
  disabled_at: Date | null;
  awaiting_password: boolean;
  invitation_expires_at: Date | null;
}

/**
 * Staff accounts (issue 31, ADR 066): added with a role and no password anyone knows; the new member gets a
 * mail "You're invited to run <store> as <role>" whose link (a week, once) opens the console's set-password
 * page and signs them in. An admin can send it again (the older links die) or withdraw it. Disabling ends
 * every session at once: the token guard reads the account on each call, and the sessions' rows end with it.
 */
@Injectable()
export class StaffAccounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly envelopes: OutboxEnvelopes,
    private readonly origins: LinkOrigins,
    private readonly hasher: PasswordHasher,
    /** A hash of a random secret thrown away at start: no password verifies against it until the member sets one. */
    @Inject(DUMMY_PASSWORD_HASH) private readonly unusableHash: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(): Promise<{ data: StaffResponse[] }> {
    const rows: StaffRow[] = await this.dataSource.query(
      `SELECT u.id, u.name, u.email, u.role, u.created_at, u.disabled_at, u.awaiting_password,
              (SELECT max(t.expires_at) FROM account_tokens t
                WHERE t.user_id = u.id AND t.purpose = 'staff-invitation' AND t.used_at IS NULL) AS invitation_expires_at
         FROM users u WHERE u.role IN ('care', 'admin') ORDER BY u.role, u.name, u.id`,
    );
    return { data: rows.map(toStaffResponse) };
  }

  /** Returns the member and the set-password link (the API never shows the link; `npm run staff` prints it). */
  async add(input: z.output<typeof addStaffRequest>, metadata: EventMetadata, host?: string): Promise<{ staff: StaffResponse; link: string }> {
    if (await findUserByEmail(this.dataSource.manager, input.email)) throw emailTaken();
    const userId = randomUUID();
    const now = this.clock.now();
    try {
      const link = await this.invite(
        { id: userId, streamVersion: 0, name: input.name, email: input.email, role: input.role },
        'StaffInvitationSent',
        input.locale ?? 'en',
        metadata,
        host,
        async (tx) => {
          await tx.query(
            `INSERT INTO users (id, name, email, password_hash, role, email_verified_at, password_changed_at, created_at, awaiting_password)
             VALUES ($1, $2, $3, $4, $5, NULL, $6, $6, true)`,
            [userId, input.name, input.email, this.unusableHash, input.role, now],
          );
        },
        [{ type: 'StaffMemberAdded', data: { userId, name: input.name, email: input.email, role: input.role } }],
      );
      return { staff: await this.member(userId), link };
    } catch (error) {
      if (uniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /** A new link for a member who has not set a password yet; the older links stop working. */
  async resend(id: string, locale: 'en' | 'bn' | undefined, metadata: EventMetadata, host?: string): Promise<{ staff: StaffResponse; link: string }> {
    const user = await this.invited(id);
    const link = await this.invite(
      { id: user.id, streamVersion: user.streamVersion, name: user.name, email: user.email, role: user.role as 'care' | 'admin' },
      'StaffInvitationResent',
      locale ?? 'en',
      metadata,
      host,
      async (tx) => revokeOpenTokens(tx, user.id, 'staff-invitation'),
    );
    return { staff: await this.member(user.id), link };
  }

  /** Withdraws an invitation nobody accepted: its links die and the account goes (its e-mail can be invited again). */
  async revoke(id: string, metadata: EventMetadata): Promise<void> {
    const user = await this.invited(id);
    await recordAccountEvents(this.commands, user, [{ type: 'StaffInvitationRevoked', data: { userId: user.id, email: user.email } }], metadata, async (tx) => {
      await revokeOpenTokens(tx, user.id, 'staff-invitation');
      // The account never worked: nothing refers to it but its own token rows (which go with it).
      await tx.query(`DELETE FROM users WHERE id = $1 AND awaiting_password`, [user.id]);
    });
  }

  /** What the set-password page shows before the member types: whose invitation, for which role, until when. */
  async invitation(token: string): Promise<StaffInvitationInfo> {
    const { record, user } = await this.usableInvitation(this.dataSource.manager, token);
    return { name: user.name, email: user.email, role: user.role as 'care' | 'admin', expires_at: record.expiresAt.toISOString() };
  }

  /**
   * The member sets a password with the mailed link: once, within its week, only while the invitation stands.
   * Answers the account as it now is; the caller opens its session.
   */
  async accept(token: string, password: string, metadata: Omit<EventMetadata, 'actor'> & { actor?: EventMetadata['actor'] }): Promise<UserAccount> {
    const { record, user } = await this.usableInvitation(this.dataSource.manager, token);
    const passwordHash = await this.hasher.hash(password);
    const changedAt = this.clock.now();
    await recordAccountEvents(
      this.commands,
      user,
      [{ type: 'StaffPasswordSet', data: { userId: user.id, tokenId: record.id, changedAt: changedAt.toISOString() } }],
      { ...metadata, actor: metadata.actor ?? { id: user.id, role: user.role, name: user.name } },
      async (tx) => {
        if (!(await consumeToken(tx, record.id))) throw new BadRequestError('invitation-expired');
        await revokeOpenTokens(tx, user.id, 'staff-invitation');
        const [, updated]: [unknown, number] = await tx.query(
          `UPDATE users SET password_hash = $2, password_changed_at = $3, email_verified_at = coalesce(email_verified_at, $3), awaiting_password = false
            WHERE id = $1 AND awaiting_password AND disabled_at IS NULL`,
          [user.id, passwordHash, changedAt],
        );
        if (updated !== 1) throw new BadRequestError('invitation-expired');
      },
    );
    return (await findUserById(this.dataSource.manager, user.id))!;
  }

  async disable(id: string, metadata: EventMetadata): Promise<StaffResponse> {
    const user = await findUserById(this.dataSource.manager, id);
    if (!user || (user.role !== 'care' && user.role !== 'admin')) throw new NotFoundError('staff-not-found');
    if (user.id === metadata.actor.id) throw ValidationFailedError.field('id', 'staff-disable-self');
    if (!user.disabledAt) {
      await recordAccountEvents(this.commands, user, [{ type: 'StaffMemberDisabled', data: { userId: user.id, email: user.email } }], metadata, async (tx) => {
        await tx.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [user.id]);
        await tx.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [user.id]);
        await AccountSessions.endAll(tx, user.id, 'member-disabled');
      });
    }
    return this.member(user.id);
  }

  private async invite(
    member: { id: string; streamVersion: number; name: string; email: string; role: 'care' | 'admin' },
    type: 'StaffInvitationSent' | 'StaffInvitationResent',
    locale: 'en' | 'bn',
    metadata: EventMetadata,
    host: string | undefined,
    writeState: (tx: EntityManager) => Promise<void>,
    before: Array<{ type: 'StaffMemberAdded'; data: { userId: string; name: string; email: string; role: 'care' | 'admin' } }> = [],
  ): Promise<string> {
    const token = issueToken('staff-invitation', this.clock.now());
    const origin = this.origins.resolve(host);
    const mailEventId = randomUUID();
    await recordAccountEvents(
      this.commands,
      member,
      [
        ...before,
        {
          id: mailEventId,
          type,
          data: { userId: member.id, email: member.email, name: member.name, role: member.role, tokenId: token.id, linkOrigin: origin, expiresAt: token.expiresAt.toISOString(), locale, invitedBy: metadata.actor.role === 'admin' ? (metadata.actor.name ?? null) : null },
        },
      ],
      metadata,
      async (tx) => {
        await writeState(tx);
        await storeToken(tx, token, { userId: member.id, purpose: 'staff-invitation', email: member.email });
        await this.envelopes.store(tx, { id: mailEventId, type }, { token: token.raw }, token.expiresAt);
      },
    );
    return `${origin}${invitationPath(token.raw)}`;
  }

  private async invited(id: string): Promise<UserAccount> {
    const user = await findUserById(this.dataSource.manager, id);
    if (!user || (user.role !== 'care' && user.role !== 'admin')) throw new NotFoundError('staff-not-found');
    if (!(await awaitingPassword(this.dataSource.manager, user.id)) || user.disabledAt) throw ValidationFailedError.field('id', 'staff-not-invited');
    return user;
  }

  private async usableInvitation(manager: EntityManager, token: string) {
    const record = await findUsableToken(manager, token, 'staff-invitation');
    const user = record && (await findUserById(manager, record.userId));
    if (!record || !user || user.email !== record.email || user.disabledAt || (user.role !== 'care' && user.role !== 'admin') || !(await awaitingPassword(manager, user.id))) {
      throw new BadRequestError('invitation-expired');
    }
    return { record, user };
  }

  private async member(id: string): Promise<StaffResponse> {
    return (await this.list()).data.find((member) => member.id === id)!;
  }
}

function toStaffResponse(row: StaffRow): StaffResponse {
  const invited = row.awaiting_password && !row.disabled_at;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.disabled_at ? 'disabled' : invited ? 'invited' : 'active',
    created_at: row.created_at.toISOString(),
    disabled_at: row.disabled_at ? row.disabled_at.toISOString() : null,
    invitation_expires_at: invited && row.invitation_expires_at ? row.invitation_expires_at.toISOString() : null,
  };
}

async function awaitingPassword(manager: EntityManager, userId: string): Promise<boolean> {
  const [row]: Array<{ awaiting_password: boolean }> = await manager.query('SELECT awaiting_password FROM users WHERE id = $1', [userId]);
  return row?.awaiting_password === true;
}

function emailTaken(): ValidationFailedError {
  return ValidationFailedError.field('email', 'staff-email-taken');
}
