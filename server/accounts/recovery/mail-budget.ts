import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { TokenPurpose } from '../tokens/one-time-tokens';

/** Recovery mails (reset or verification links) one account's mailbox gets per hour, whoever asks. */
export const RECOVERY_MAILS_PER_HOUR = 3;

/**
 * How many recovery mails an account's mailbox gets, whoever asks and from wherever (ADR 024). Over the
 * budget the request is still answered the same (200), only no mail goes out: a stranger asking from many
 * addresses can neither flood the mailbox nor make the owner's own request fail. Suppressed requests count
 * nothing, and a mail goes out even over the budget when the mailbox holds no link that still works, so
 * the owner always has a working link after asking (a stranger who spends the budget in one burst cannot
 * leave the owner without one once those links expire).
 */
@Injectable()
export class MailBudget {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly dataSource: DataSource,
  ) {}

  async allows(purpose: TokenPurpose, userId: string): Promise<boolean> {
    const { outcome, hit } = await this.limiter.count(`mailbox:${purpose}:${userId}`, RECOVERY_MAILS_PER_HOUR, 60 * 60);
    if (outcome.allowed) return true;
    const open: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() LIMIT 1`,
      [userId, purpose],
    );
    if (open.length === 0) return true;
    await this.limiter.refund(hit);
    return false;
  }
}
