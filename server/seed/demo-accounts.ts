import type { EntityManager } from 'typeorm';
import { PasswordHasher } from '../accounts/password-hasher';

/**
 * Staff accounts of the demo store. Development passwords only: the README names them from here, and a
 * production deployment does not run the demo seed.
 */
export const DEMO_STAFF_ACCOUNTS = [
  { role: 'admin', name: 'Store Admin', email: 'admin@teebazaar.test', password: 'TeeBazaar-Admin-2026!' },
  { role: 'care', name: 'Customer Care', email: 'care@teebazaar.test', password: 'TeeBazaar-Care-2026!' },
] as const;

/** Creates the staff accounts that do not exist yet; never touches an existing account or its password. */
export async function seedStaffAccounts(manager: EntityManager, hasher = new PasswordHasher()): Promise<number> {
  const existing: Array<{ email: string }> = await manager.query(`SELECT email FROM users WHERE email = ANY($1::text[])`, [
    DEMO_STAFF_ACCOUNTS.map((account) => account.email),
  ]);
  const known = new Set(existing.map((row) => row.email));
  const missing = DEMO_STAFF_ACCOUNTS.filter((account) => !known.has(account.email));
  if (missing.length === 0) return 0;
  // Hashed in parallel: each scrypt call runs on its own libuv thread.
  const hashes = await Promise.all(missing.map((account) => hasher.hash(account.password)));
  await manager.query(
    `INSERT INTO users (name, email, password_hash, role, email_verified_at)
     SELECT name, email, password_hash, role, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS a(name, email, password_hash, role)
     ON CONFLICT (email) DO NOTHING`,
    [missing.map((a) => a.name), missing.map((a) => a.email), hashes, missing.map((a) => a.role)],
  );
  return missing.length;
}
