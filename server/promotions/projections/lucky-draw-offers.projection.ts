import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import type { DrawWinner, PrizeTier } from '../domain/draw-algorithm';
import { OFFER_EVENT_TYPES, type OfferEvent } from '../domain/offer.events';

/** A row of `lucky_draw_offers`, as written (instants as ISO text). */
export interface OfferRow {
  offer_id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  prizes: PrizeTier[];
  discount_percent: number;
  status: 'open' | 'committed' | 'closed' | 'drawn';
  commitment: string | null;
  committed_at: string | null;
  /** SHA-256 of the key the entries of the list derive from (issue 27); null for draws committed before. */
  entries_commitment: string | null;
  tokens_hash: string | null;
  tokens: string[] | null;
  closed_at: string | null;
  seed: string | null;
  winners: DrawWinner[] | null;
  drawn_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The row after one more event; `row` is undefined before `OfferCreated`. */
export function evolveOfferRow(row: OfferRow | undefined, event: OfferEvent): OfferRow | undefined {
  const { at } = event.data;
  switch (event.type) {
    case 'OfferCreated':
    case 'OfferChanged': {
      const d = event.data;
      const terms = { name: d.name, starts_at: d.startsAt, ends_at: d.endsAt, prizes: d.prizes, discount_percent: d.discountPercent, updated_at: at };
      if (event.type === 'OfferChanged') return row && { ...row, ...terms };
      return {
        offer_id: d.offerId,
        ...terms,
        status: 'open',
        commitment: null,
        committed_at: null,
        entries_commitment: null,
        tokens_hash: null,
        tokens: null,
        closed_at: null,
        seed: null,
        winners: null,
        drawn_at: null,
        created_at: at,
      };
    }
    case 'DrawCommitted':
      return row && { ...row, status: 'committed', commitment: event.data.commitment, committed_at: at, entries_commitment: event.data.entriesCommitment ?? null, updated_at: at };
    case 'EligibleTokensPublished':
      return row && { ...row, status: 'closed', tokens_hash: event.data.tokensHash, tokens: event.data.tokens, closed_at: at, updated_at: at };
    case 'DrawHeld':
      return row && { ...row, status: 'drawn', seed: event.data.seed, winners: event.data.winners, drawn_at: at, updated_at: at };
  }
}

/** `lucky_draw_offers`: one row per offer, what the admin and public offer calls read. */
export class LuckyDrawOffersProjection implements Projection {
  readonly name = 'lucky-draw-offers';
  readonly tables = ['lucky_draw_offers'];
  readonly eventTypes = [...OFFER_EVENT_TYPES];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const target = table('lucky_draw_offers');
    const ids = [...new Set(events.map((event) => (event.data as { offerId: string }).offerId))];
    if (ids.length === 0) return;
    const existing: Array<{ row: OfferRow }> = await manager.query(
      `SELECT to_jsonb(o) AS row FROM ${target} o WHERE offer_id = ANY($1::text[])`,
      [ids],
    );
    const rows = new Map(existing.map(({ row }) => [row.offer_id, row]));
    for (const event of events) {
      const offerEvent = { type: event.type, data: event.data } as OfferEvent;
      const next = evolveOfferRow(rows.get(offerEvent.data.offerId), offerEvent);
      if (next) rows.set(next.offer_id, next);
    }
    await manager.query(
      `INSERT INTO ${target} SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
       ON CONFLICT (offer_id) DO UPDATE SET
         name = EXCLUDED.name, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, prizes = EXCLUDED.prizes,
         discount_percent = EXCLUDED.discount_percent, status = EXCLUDED.status, commitment = EXCLUDED.commitment,
         committed_at = EXCLUDED.committed_at, entries_commitment = EXCLUDED.entries_commitment, tokens_hash = EXCLUDED.tokens_hash, tokens = EXCLUDED.tokens,
         closed_at = EXCLUDED.closed_at, seed = EXCLUDED.seed, winners = EXCLUDED.winners, drawn_at = EXCLUDED.drawn_at,
         updated_at = EXCLUDED.updated_at`,
      [JSON.stringify([...rows.values()].filter((row) => ids.includes(row.offer_id)))],
    );
  }
}

