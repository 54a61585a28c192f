import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { drawEntryOf } from '../domain/draw-algorithm';

/**
 * What a draw publishes in place of its tokens (issue 27). A token (`<orderId>-<n>`) names its order, and a
 * plain hash of it would be reversed by trying every order id, so each offer has a secret key (derived from
 * the server secret and the offer id, never published), each token an entry key (HMAC of the token under the
 * offer's key) and the list an entry per token, `sha256("<entry key>:<token>")`. The offer's key is committed
 * (its SHA-256) with the seed, before the list is known. A holder is shown their entry keys, so they can check
 * their entries; nobody else can tell which order an entry stands for.
 */
@Injectable()
export class DrawEntries {
  private readonly secret: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.secret = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'store/lucky-draw-entries', 'offer keys v1', 32));
  }

  /** SHA-256 (hex) of the offer's key: published at the commitment. */
  commitment(offerId: string): string {
    return createHash('sha256').update(this.offerKey(offerId)).digest('hex');
  }

  /** The token's entry key in this offer's draw (32 hex characters) and its published entry. */
  entryOf(offerId: string, token: string): { key: string; entry: string } {
    const key = createHmac('sha256', this.offerKey(offerId)).update(token, 'utf8').digest('hex').slice(0, 32);
    return { key, entry: drawEntryOf(key, token) };
  }

  private offerKey(offerId: string): Buffer {
    return createHmac('sha256', this.secret).update(`offer:${offerId}`, 'utf8').digest();
  }
}
