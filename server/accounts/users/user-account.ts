import type { EntityManager } from 'typeorm';
import type { UserRole } from '../../common/request/authenticated-user';
import type { CommandPath } from '../../event-store/command-path/command-path';
import type { AppendResult, EventMetadata, NewEvent } from '../../event-store/event-store.types';
import type { AccountEvent } from '../domain/account.events';

/** A row of `users`: the state of an account, kept in the transaction that appends its events. */
export interface UserAccount {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  /** When a phone code last proved `phoneNumber`; null: typed, not proven. */
  phoneVerifiedAt: Date | null;
  passwordHash: string;
  role: UserRole;
  emailVerifiedAt: Date | null;
  passwordChangedAt: Date;
  inviteCode: string | null;
  referredBy: string | null;
  createdAt: Date;
  /** Version of the `user-<id>` stream this row reflects; the expected version of the next append. */
  streamVersion: number;
  /** A staff account an admin disabled: its tokens and its password stop working at once. */
  disabledAt: Date | null;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  phone_verified_at: Date | null;
  password_hash: string;
  role: UserRole;
  email_verified_at: Date | null;
  password_changed_at: Date;
  invite_code: string | null;
  referred_by: string | null;
  created_at: Date;
  stream_version: number;
  disabled_at: Date | null;
}

export const userStreamId = (userId: string): string => `user-${userId}`;

/**
 * Records an account's events through the command path at the users row's version (the row is the account's
 * state) and, in the same transaction, lets the caller bring the row (and token rows, envelopes) up to date
 * and moves the row's version on. A concurrent change of the same account fails the second append with a
 * ConcurrencyError (409) instead of overwriting.
 */
export function recordAccountEvents(
  commands: CommandPath,
  account: { id: string; streamVersion: number },
  events: Array<AccountEvent & { id?: string }>,
  metadata: EventMetadata,
  writeState: (manager: EntityManager, result: AppendResult) => Promise<void>,
): Promise<AppendResult> {
  return commands.appendAt(userStreamId(account.id), account.streamVersion, events as NewEvent[], metadata, async (manager, result) => {
    await writeState(manager, result);
    await manager.query('UPDATE users SET stream_version = $2 WHERE id = $1', [account.id, result.streams[0].version]);
  });
}

const COLUMNS = `id, name, email, phone_number, phone_verified_at, password_hash, role, email_verified_at, password_changed_at,
  invite_code, referred_by, created_at, stream_version, disabled_at`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(manager: EntityManager, id: string): Promise<UserAccount | null> {
  if (!UUID.test(id)) return null;
  return one(await manager.query(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]));
}

export async function findUserByEmail(manager: EntityManager, email: string): Promise<UserAccount | null> {
  return one(await manager.query(`SELECT ${COLUMNS} FROM users WHERE email = lower($1)`, [email]));
}

/**
 * The account that holds `phone` proven by a code (ADR 057): the only one a phone number may lead to (recovery,
 * exports, erasure). A number only typed on an account leads nowhere.
 */
export async function findUserByProvenPhone(manager: EntityManager, phone: string): Promise<UserAccount | null> {
  return one(await manager.query(`SELECT ${COLUMNS} FROM users WHERE phone_number = $1 AND phone_verified_at IS NOT NULL`, [phone]));
}

export async function findUserByInviteCode(manager: EntityManager, code: string): Promise<UserAccount | null> {
  return one(await manager.query(`SELECT ${COLUMNS} FROM users WHERE invite_code = $1`, [code]));
}

function one(rows: UserRow[]): UserAccount | null {
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    phoneVerifiedAt: row.phone_verified_at ?? null,
    passwordHash: row.password_hash,
    role: row.role,
    emailVerifiedAt: row.email_verified_at,
    passwordChangedAt: row.password_changed_at,
    inviteCode: row.invite_code,
    referredBy: row.referred_by,
    createdAt: row.created_at,
    streamVersion: row.stream_version,
    disabledAt: row.disabled_at ?? null,
  };
}
