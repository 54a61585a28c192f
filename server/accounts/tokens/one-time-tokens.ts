import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

export type TokenPurpose = 'password-reset' | 'email-verification' | 'staff-invitation';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'password-reset': 30 * 60 * 1000,
  'email-verification': 24 * 60 * 60 * 1000,
  /** An invited staff member's set-password link: a week, so an invitation sent on a Thursday survives the weekend. */
  'staff-invitation': 7 * 24 * 60 * 60 * 1000,
};

/** A freshly issued token. `raw` goes only into the mail envelope; the database keeps `hash`. */
export interface IssuedToken {
  id: string;
  raw: string;
  hash: Buffer;
  expiresAt: Date;
}

export interface TokenRecord {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  email: string;
  expiresAt: Date;
}

/** 256 random bits, URL-safe (the token is the `{id}` of the mail link's path). */
export function issueToken(purpose: TokenPurpose, now: Date): IssuedToken {
  const raw = randomBytes(32).toString('base64url');
  return { id: randomUUID(), raw, hash: hashToken(raw), expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]) };
}

/** SHA-256 suffices (no salt, no stretching): the input is 256 random bits, not a guessable password. */
export function hashToken(raw: string): Buffer {
  return createHash('sha256').update(raw, 'utf8').digest();
}

export async function storeToken(
  manager: EntityManager,
  token: IssuedToken,
  owner: { userId: string; purpose: TokenPurpose; email: string },
): Promise<void> {
  await manager.query(
    `INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [token.id, owner.userId, owner.purpose, token.hash, owner.email, token.expiresAt],
  );
}

/** The unused, unexpired token with this raw value, or null. Does not use it up. */
export async function findUsableToken(manager: EntityManager, raw: string, purpose: TokenPurpose): Promise<TokenRecord | null> {
  if (!isPlausibleToken(raw)) return null;
  const rows: TokenRow[] = await manager.query(
    `SELECT id, user_id, purpose, email, expires_at FROM account_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(raw), purpose],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Uses the token up, atomically: of two requests racing with the same token only one gets `true`. Run it
 * inside the append transaction, so a failed append leaves the token usable.
 */
export async function consumeToken(manager: EntityManager, tokenId: string): Promise<boolean> {
  // TypeORM answers an UPDATE with [rows, affected count].
  const [, affected]: [unknown, number] = await manager.query(
    `UPDATE account_tokens SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now()`,
    [tokenId],
  );
  return affected === 1;
}

/** Ends every other open token of the purpose (an older reset link stops working once one is used). */
export async function revokeOpenTokens(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
  await manager.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [
    userId,
    purpose,
  ]);
}

function isPlausibleToken(raw: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(raw);
}

interface TokenRow {
  id: string;
  user_id: string;
  purpose: TokenPurpose;
  email: string;
  expires_at: Date;
}

function toRecord(row: TokenRow): TokenRecord {
  return { id: row.id, userId: row.user_id, purpose: row.purpose, email: row.email, expiresAt: row.expires_at };
}
