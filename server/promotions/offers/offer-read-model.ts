import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OfferRow } from '../projections/lucky-draw-offers.projection';
import type { TokenState } from '../projections/lucky-draw-tokens.fold';

/** An offer row as PostgreSQL gives it back (timestamps as Date). */
export type StoredOffer = Omit<OfferRow, 'starts_at' | 'ends_at' | 'committed_at' | 'closed_at' | 'drawn_at' | 'created_at' | 'updated_at'> & {
  starts_at: Date;
  ends_at: Date;
  committed_at: Date | null;
  closed_at: Date | null;
  drawn_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export interface StoredToken {
  token: string;
  order_id: string;
  phone: string;
  email: string | null;
  customer_name: string;
  placed_at: Date;
  state: TokenState;
  state_reason: string | null;
  state_at: Date;
}

/** Reads of `lucky_draw_offers` and `lucky_draw_tokens`, both kept by this context's projections. */
@Injectable()
export class OfferReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<StoredOffer[]> {
    return this.dataSource.query('SELECT * FROM lucky_draw_offers ORDER BY starts_at DESC, offer_id');
  }

  async find(offerId: string): Promise<StoredOffer | null> {
    const rows: StoredOffer[] = await this.dataSource.query('SELECT * FROM lucky_draw_offers WHERE offer_id = $1', [offerId]);
    return rows[0] ?? null;
  }

  /**
   * The offer the offer page speaks of: the one that started last among those started (running, or the
   * latest finished one with its draw), else the next to start.
   */
  async current(now: Date): Promise<StoredOffer | null> {
    const rows: StoredOffer[] = await this.dataSource.query(
      `SELECT * FROM lucky_draw_offers
        ORDER BY (starts_at <= $1) DESC, CASE WHEN starts_at <= $1 THEN starts_at END DESC NULLS LAST, starts_at, offer_id
        LIMIT 1`,
      [now],
    );
    return rows[0] ?? null;
  }

  /** The offer running at `now` (in its period, not closed); the latest started when periods overlap. */
  async running(now: Date): Promise<StoredOffer | null> {
    const rows: StoredOffer[] = await this.dataSource.query(
      `SELECT * FROM lucky_draw_offers WHERE starts_at <= $1 AND ends_at > $1 AND status IN ('open', 'committed')
        ORDER BY starts_at DESC, offer_id LIMIT 1`,
      [now],
    );
    return rows[0] ?? null;
  }

  async tokensOfOrder(orderId: string): Promise<StoredToken[]> {
    return this.dataSource.query(
      `SELECT * FROM lucky_draw_tokens WHERE order_id = $1 ORDER BY length(token), token`,
      [orderId],
    );
  }

  /** The offers with a published list (closed or drawn) whose period contains `placedAt`. */
  async closedDrawsOf(placedAt: Date): Promise<Array<{ offer_id: string; name: string }>> {
    return this.dataSource.query(
      `SELECT offer_id, name FROM lucky_draw_offers
        WHERE status IN ('closed', 'drawn') AND starts_at <= $1 AND ends_at > $1 ORDER BY starts_at, offer_id`,
      [placedAt],
    );
  }

  /**
   * Which of the (offer, text) pairs are in that offer's published list (`offer_id\ntext`): one statement, the
   * lists stay in the database.
   */
  async listed(pairs: Array<{ offer_id: string; text: string }>): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows: Array<{ offer_id: string; text: string }> = await this.dataSource.query(
      `SELECT x.offer_id, x.text FROM jsonb_to_recordset($1::jsonb) AS x(offer_id text, text text)
         JOIN lucky_draw_offers o ON o.offer_id = x.offer_id
        WHERE o.tokens ? x.text`,
      [JSON.stringify(pairs)],
    );
    return new Set(rows.map((row) => `${row.offer_id}\n${row.text}`));
  }

  async tokens(tokens: string[]): Promise<Map<string, StoredToken>> {
    if (tokens.length === 0) return new Map();
    const rows: StoredToken[] = await this.dataSource.query('SELECT * FROM lucky_draw_tokens WHERE token = ANY($1::text[])', [tokens]);
    return new Map(rows.map((row) => [row.token, row]));
  }

}
