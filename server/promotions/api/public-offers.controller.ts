import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { LuckyDrawTokensResponse } from '../../../contracts/offers';
import { AttemptLimit } from '../../accounts/rate-limit/attempt-limit.interceptor';
import { GetOfferQuery, GetOrderTokensQuery } from '../offers/offers.queries';

/**
 * The lucky draw as anyone sees it: the current offer or one by id (commitment, published list, seed and
 * winners with masked phones: what `npm run verify-draw` reads), and a shopper's own tokens by order id and
 * phone, limited like order tracking (wrong guesses count against the guesser, ADR 024).
 */
@Controller('public/offers')
export class PublicOffersController {
  constructor(private readonly queries: QueryBus) {}

  @Get('current')
  async current() {
    return { success: true, data: await this.queries.execute(new GetOfferQuery('current', 'public')) };
  }

  @Get('my-tokens')
  @AttemptLimit('tracking')
  async myTokens(@Query('orderId') orderId: unknown, @Query('order_id') orderIdSnake: unknown, @Query('phone') phone: unknown) {
    const { orderId: id, tokens } = await this.queries.execute(new GetOrderTokensQuery(orderId ?? orderIdSnake, phone ?? ''));
    return { success: true, order_id: id, tokens } satisfies LuckyDrawTokensResponse;
  }

  @Get(':offerId')
  async view(@Param('offerId') offerId: string) {
    return { success: true, data: await this.queries.execute(new GetOfferQuery(offerId, 'public')) };
  }
}
