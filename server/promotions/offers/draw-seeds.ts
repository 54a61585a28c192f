import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SealingKey } from '../../common/crypto/sealing-key';

/**
 * The secret seed of each committed draw, kept out of the event log until the draw reveals it: sealed with
 * AES-256-GCM under a key derived from the server secret, bound to the offer id, in `lucky_draw_seeds`.
 * Only its SHA-256 (the commitment) is published before the draw.
 */
@Injectable()
export class DrawSeeds {
  private readonly key: SealingKey;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.key = SealingKey.derive(config.jwtSecret, 'store/lucky-draw-seeds');
  }

  /** 32 random bytes as 64 lowercase hex characters. */
  newSeed(): string {
    return randomBytes(32).toString('hex');
  }

  /** Written in the transaction that appends `DrawCommitted`, so a commitment never exists without its seed. */
  async store(manager: EntityManager, offerId: string, seed: string): Promise<void> {
    await manager.query('INSERT INTO lucky_draw_seeds (offer_id, ciphertext) VALUES ($1, $2)', [offerId, this.seal(offerId, seed)]);
  }

  async open(manager: EntityManager, offerId: string): Promise<string | null> {
    const rows: Array<{ ciphertext: Buffer }> = await manager.query('SELECT ciphertext FROM lucky_draw_seeds WHERE offer_id = $1', [offerId]);
    if (rows.length === 0) return null;
    return this.key.open(rows[0].ciphertext, offerId).toString('utf8');
  }

  seal(offerId: string, seed: string): Buffer {
    return this.key.seal(seed, offerId);
  }
}
