import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { OutboxEnvelopes } from '../../outbox/envelopes';
import type { EmailVerificationRequested } from '../domain/account.events';
import { issueToken, storeToken } from '../tokens/one-time-tokens';
import type { UserAccount } from '../users/user-account';

/**
 * An EmailVerificationRequested event for `email` and what its transaction must write: the hashed token
 * row and the sealed envelope the mail worker opens.
 */
export function emailVerificationRequest(
  user: Pick<UserAccount, 'id' | 'name'>,
  email: string,
  linkOrigin: string,
  reason: EmailVerificationRequested['data']['reason'],
  now: Date,
  envelopes: OutboxEnvelopes,
): { event: EmailVerificationRequested & { id: string }; write(tx: EntityManager): Promise<void> } {
  const token = issueToken('email-verification', now);
  const eventId = randomUUID();
  return {
    event: {
      id: eventId,
      type: 'EmailVerificationRequested',
      data: { userId: user.id, email, name: user.name, tokenId: token.id, linkOrigin, expiresAt: token.expiresAt.toISOString(), reason },
    },
    async write(tx) {
      await storeToken(tx, token, { userId: user.id, purpose: 'email-verification', email });
      await envelopes.store(tx, { id: eventId, type: 'EmailVerificationRequested' }, { token: token.raw }, token.expiresAt);
    },
  };
}
