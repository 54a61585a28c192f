import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccessTokenResponse } from '../../../contracts/accounts';
import { CLOCK, type Clock } from '../../common/clock';
import type { Actor, EventMetadata } from '../../event-store/event-store.types';
import { CommandPath } from '../../event-store/command-path/command-path';
import { AccessTokenService } from '../login/access-token.service';
import { hashToken } from '../tokens/one-time-tokens';
import { findUserById, type UserAccount } from '../users/user-account';

/** A session stays open this long after its last use (each refresh moves it on)... */
export const SESSION_IDLE_MS: Record<'customer' | 'staff', number> = {
  customer: 30 * 24 * 60 * 60 * 1000,
  staff: 7 * 24 * 60 * 60 * 1000,
};
/** ...and never longer than this after it began: then the owner signs in again. */
export const SESSION_MAX_MS = 90 * 24 * 60 * 60 * 1000;
/** Two tabs that refresh at the same moment both present the same cookie: the second one is not a thief. */
export const ROTATION_GRACE_MS = 60 * 1000;

export const sessionStreamId = (sessionId: string): string => `session-${sessionId}`;

export type SessionStart = 'login' | 'register' | 'invitation' | 'password-change';

/** What a sign-in answers: the bearer token (bound to the session) and the cookie's new secret. */
export interface OpenedSession {
  sessionId: string;
  /** Goes only into the httpOnly cookie; the database keeps its hash. */
  refreshToken: string;
  expiresAt: Date;
  access: AccessTokenResponse;
}

/** A refresh: the account, a bearer token, and a new cookie secret (null when a tab raced another: keep the cookie). */
export interface RefreshedSession {
  user: UserAccount;
  access: AccessTokenResponse;
  refreshToken: string | null;
  expiresAt: Date;
}

interface SessionRow {
  id: string;
  user_id: string;
  current: boolean;
  rotated_at: Date | null;
  pwd_at: Date;
  created_at: Date;
  expires_at: Date;
  ends_at: Date;
  revoked_at: Date | null;
}

/**
 * Sessions that outlive a tab (ADR 066): a row per sign-in, its secret in an httpOnly cookie, rotated on each
 * refresh. A bearer token names its session (`sid`), so ending the session ends every tab's token at once.
 * Started and ended sessions are events on their own `session-<id>` stream (a sign-in never waits for, nor
 * conflicts with, a change of the account); a refresh is not a fact of the business and records none.
 */
@Injectable()
export class AccountSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly tokens: AccessTokenService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Opens a session for the account as it is now; `meta` names the request (its actor becomes the account). */
  async open(user: UserAccount, via: SessionStart, meta: Pick<EventMetadata, 'correlationId' | 'causationId' | 'requestId'>): Promise<OpenedSession> {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const endsAt = new Date(now.getTime() + SESSION_MAX_MS);
    const expiresAt = new Date(Math.min(now.getTime() + idleFor(user), endsAt.getTime()));
    await this.commands.appendAt(
      sessionStreamId(sessionId),
      0,
      [{ type: 'SessionStarted', data: { sessionId, userId: user.id, via, expiresAt: expiresAt.toISOString() } }],
      { correlationId: meta.correlationId, causationId: meta.causationId, ...(meta.requestId ? { requestId: meta.requestId } : {}), actor: actorOf(user) },
      async (tx) => {
        await tx.query(
          `INSERT INTO account_sessions (id, user_id, token_hash, pwd_at, created_at, last_used_at, expires_at, ends_at)
           VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
          [sessionId, user.id, hashToken(refreshToken), user.passwordChangedAt, now, expiresAt, endsAt],
        );
      },
    );
    return { sessionId, refreshToken, expiresAt, access: await this.tokens.issue(user, sessionId) };
  }

  /**
   * The cookie's secret for a new bearer token: rotated, so a stolen old cookie is worth nothing. The secret
   * before the last rotation still answers for ROTATION_GRACE_MS (without a new secret: the browser has it);
   * later, it is a replay and ends the session. Null: no session (ended, expired, password changed, member
   * disabled) — the caller clears the cookie.
   */
  async refresh(raw: string, meta: Pick<EventMetadata, 'correlationId' | 'causationId' | 'requestId'>): Promise<RefreshedSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(raw)) return null;
    const hash = hashToken(raw);
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT id, user_id, token_hash = $1 AS current, rotated_at, pwd_at, created_at, expires_at, ends_at, revoked_at
         FROM account_sessions WHERE token_hash = $1 OR previous_hash = $1`,
      [hash],
    );
    const row = rows[0];
    if (!row || row.revoked_at) return null;
    const user = await findUserById(this.dataSource.manager, row.user_id);
    const now = this.clock.now();
    if (!user || user.disabledAt || user.passwordChangedAt.getTime() !== row.pwd_at.getTime() || row.expires_at <= now) {
      await this.dataSource.query(`UPDATE account_sessions SET revoked_at = now(), revoked_reason = 'ended' WHERE id = $1 AND revoked_at IS NULL`, [row.id]);
      return null;
    }
    const expiresAt = new Date(Math.min(now.getTime() + idleFor(user), row.ends_at.getTime()));
    if (!row.current) {
      if (row.rotated_at && now.getTime() - row.rotated_at.getTime() <= ROTATION_GRACE_MS) {
        return { user, access: await this.tokens.issue(user, row.id), refreshToken: null, expiresAt };
      }
      await this.end(row.id, user, 'replayed', meta);
      return null;
    }
    const next = randomBytes(32).toString('base64url');
    const [, rotated]: [unknown, number] = await this.dataSource.query(
      `UPDATE account_sessions SET previous_hash = token_hash, token_hash = $3, rotated_at = $4, last_used_at = $4, expires_at = $5
        WHERE id = $1 AND token_hash = $2 AND revoked_at IS NULL`,
      [row.id, hash, hashToken(next), now, expiresAt],
    );
    // Another tab rotated it a moment ago: that tab's cookie is the browser's now.
    return { user, access: await this.tokens.issue(user, row.id), refreshToken: rotated === 1 ? next : null, expiresAt };
  }

  /** Signing out: the session behind the cookie (or the bearer token's) ends, with every tab's token. */
  async signOut(raw: string | null, sessionId: string | null, meta: Pick<EventMetadata, 'correlationId' | 'causationId' | 'requestId'>): Promise<void> {
    const hash = raw && /^[A-Za-z0-9_-]{43}$/.test(raw) ? hashToken(raw) : null;
    if (!hash && !sessionId) return;
    const rows: Array<{ id: string; user_id: string }> = await this.dataSource.query(
      `SELECT id, user_id FROM account_sessions WHERE revoked_at IS NULL AND (token_hash = $1 OR previous_hash = $1 OR id::text = $2)`,
      [hash ?? Buffer.alloc(0), sessionId ?? ''],
    );
    for (const row of rows) {
      const user = await findUserById(this.dataSource.manager, row.user_id);
      if (user) await this.end(row.id, user, 'signed-out', meta);
    }
  }

  /** Whether a bearer token's session is still open (the token guard asks on every call of a token that names one). */
  static async isOpen(manager: EntityManager, sessionId: string, userId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
    const rows: unknown[] = await manager.query(`SELECT 1 FROM account_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, [sessionId, userId]);
    return rows.length === 1;
  }

  /** Ends every open session of an account inside the caller's transaction (a member disabled: its event says so). */
  static async endAll(manager: EntityManager, userId: string, reason: string): Promise<void> {
    await manager.query(`UPDATE account_sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, reason]);
  }

  private async end(sessionId: string, user: UserAccount, reason: 'signed-out' | 'replayed', meta: Pick<EventMetadata, 'correlationId' | 'causationId' | 'requestId'>): Promise<void> {
    const metadata: EventMetadata = {
      correlationId: meta.correlationId,
      causationId: meta.causationId,
      ...(meta.requestId ? { requestId: meta.requestId } : {}),
      actor: reason === 'signed-out' ? actorOf(user) : { id: 'system', role: 'system', name: 'session guard' },
    };
    const [{ version }]: Array<{ version: number }> = await this.dataSource.query(`SELECT coalesce(max(stream_position), 0)::int AS version FROM events WHERE stream_id = $1`, [sessionStreamId(sessionId)]);
    try {
      await this.commands.appendAt(sessionStreamId(sessionId), version, [{ type: 'SessionEnded', data: { sessionId, userId: user.id, reason } }], metadata, async (tx) => {
        const [, ended]: [unknown, number] = await tx.query(
          `UPDATE account_sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
          [sessionId, reason],
        );
        if (ended !== 1) throw new AlreadyEnded();
      });
    } catch (error) {
      // Two tabs signing out at once: the session ended once, with one event.
      if (!(error instanceof AlreadyEnded) && !(error instanceof Error && error.name === 'ConcurrencyError')) throw error;
    }
  }
}

class AlreadyEnded extends Error {}

function idleFor(user: Pick<UserAccount, 'role'>): number {
  return SESSION_IDLE_MS[user.role === 'customer' ? 'customer' : 'staff'];
}

/** A customer acts under id and role only (ADR 053); staff names stay. */
function actorOf(user: Pick<UserAccount, 'id' | 'role' | 'name'>): Actor {
  return user.role === 'customer' ? { id: user.id, role: 'customer' } : { id: user.id, role: user.role, name: user.name };
}
