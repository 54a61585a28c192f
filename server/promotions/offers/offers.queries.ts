import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { normalizePhone } from '../../../contracts/phone';
import { NotFoundError } from '../../common/errors/domain-error';
import { normalizeOfferId } from '../domain/offer-id';
import { OfferReadModel, type StoredOffer, type StoredToken } from './offer-read-model';
import type { AdminOffer, LuckyDrawEntry, LuckyDrawToken as TokenView, PublicOffer } from '../../../contracts/offers';
import { DrawEntries } from './draw-entries';
import { holderTokenOf, toAdminOffer, toPublicOffer, toTokenView } from './offer-views';

export class ListOffersQuery extends Query<AdminOffer[]> {}

export class GetOfferQuery extends Query<AdminOffer | PublicOffer> {
  constructor(readonly offerId: string | 'current', readonly audience: 'staff' | 'public') {
    super();
  }
}

/** The tokens of one order, for care (any order) or for a shopper who knows the order's phone. */
export class GetOrderTokensQuery extends Query<{ orderId: string; tokens: TokenView[] }> {
  constructor(readonly orderId: unknown, readonly phone: unknown | undefined) {
    super();
  }
}

/**
 * The offer whose period runs now and whose draw is not closed yet, with its discount rule: what checkout
 * applies to lines added from the offer page. Null when none runs.
 */
export class GetRunningOfferQuery extends Query<{ offerId: string; percent: number } | null> {
  constructor(readonly now: Date) {
    super();
  }
}

const ORDER_ID = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

@QueryHandler(ListOffersQuery)
export class ListOffersHandler implements IQueryHandler<ListOffersQuery> {
  constructor(private readonly offers: OfferReadModel) {}

  async execute(): Promise<AdminOffer[]> {
    const rows = await this.offers.list();
    const holders = await this.offers.tokens(rows.flatMap((row) => (row.winners ?? []).map(holderTokenOf)));
    return rows.map((row) => toAdminOffer(row, holders));
  }
}

@QueryHandler(GetOfferQuery)
export class GetOfferHandler implements IQueryHandler<GetOfferQuery> {
  constructor(private readonly offers: OfferReadModel, @Inject(CLOCK) private readonly clock: Clock) {}

  async execute({ offerId, audience }: GetOfferQuery): Promise<AdminOffer | PublicOffer> {
    let offer: StoredOffer | null;
    if (offerId === 'current') offer = await this.offers.current(this.clock.now());
    else {
      const id = normalizeOfferId(offerId);
      offer = id ? await this.offers.find(id) : null;
    }
    if (!offer) throw new NotFoundError(offerId === 'current' ? 'no-offer-running' : 'offer-not-found');
    const holders = await this.offers.tokens((offer.winners ?? []).map(holderTokenOf));
    return audience === 'staff' ? toAdminOffer(offer, holders) : toPublicOffer(offer, holders);
  }
}

@QueryHandler(GetOrderTokensQuery)
export class GetOrderTokensHandler implements IQueryHandler<GetOrderTokensQuery> {
  constructor(
    private readonly offers: OfferReadModel,
    private readonly entries: DrawEntries,
  ) {}

  /** A wrong order id and a wrong phone get the same answer, as in order tracking. */
  async execute({ orderId, phone }: GetOrderTokensQuery): Promise<{ orderId: string; tokens: TokenView[] }> {
    const id = typeof orderId === 'string' ? orderId.trim().toUpperCase() : '';
    const tokens = ORDER_ID.test(id) ? await this.offers.tokensOfOrder(id) : [];
    const checksPhone = phone !== undefined;
    if (tokens.length === 0 || (checksPhone && normalizePhone(phone) !== tokens[0].phone)) {
      throw new NotFoundError(checksPhone ? 'tokens-not-found-for-phone' : 'tokens-not-found');
    }
    const draws = await this.drawsOf(tokens);
    return { orderId: id, tokens: tokens.map((token) => toTokenView(token, draws.get(token.token) ?? [])) };
  }

  /**
   * Each token's entry in every closed draw of its order's period, with the entry key that lets its holder
   * check it (issue 27), and whether the list holds it. A draw published before issue 27 lists the token itself.
   */
  private async drawsOf(tokens: StoredToken[]): Promise<Map<string, LuckyDrawEntry[]>> {
    const offers = await this.offers.closedDrawsOf(tokens[0]!.placed_at);
    const candidates = offers.flatMap((offer) => tokens.map((token) => ({ offer, token: token.token, ...this.entries.entryOf(offer.offer_id, token.token) })));
    const listed = await this.offers.listed(candidates.flatMap(({ offer, token, entry }) => [{ offer_id: offer.offer_id, text: entry }, { offer_id: offer.offer_id, text: token }]));
    const draws = new Map<string, LuckyDrawEntry[]>();
    for (const { offer, token, key, entry } of candidates) {
      const inTheClear = listed.has(`${offer.offer_id}\n${token}`);
      const view: LuckyDrawEntry = inTheClear
        ? { offer_id: offer.offer_id, offer_name: offer.name, entry: token, entry_key: null, listed: true }
        : { offer_id: offer.offer_id, offer_name: offer.name, entry, entry_key: key, listed: listed.has(`${offer.offer_id}\n${entry}`) };
      draws.set(token, [...(draws.get(token) ?? []), view]);
    }
    return draws;
  }
}

@QueryHandler(GetRunningOfferQuery)
export class GetRunningOfferHandler implements IQueryHandler<GetRunningOfferQuery> {
  constructor(private readonly offers: OfferReadModel) {}

  async execute({ now }: GetRunningOfferQuery): Promise<{ offerId: string; percent: number } | null> {
    const offer = await this.offers.running(now);
    return offer && { offerId: offer.offer_id, percent: offer.discount_percent };
  }
}

export const OFFER_QUERY_HANDLERS = [ListOffersHandler, GetOfferHandler, GetOrderTokensHandler, GetRunningOfferHandler];
