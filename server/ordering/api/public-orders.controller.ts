import { Body, Controller, Get, Headers, HttpCode, Inject, Optional, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { eventMetadata } from '../../common/request/request-metadata';
import { CHECKOUT_PAYMENTS, type CheckoutPayments } from '../pay-order/order-payments';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { rateLimitSubject } from '../../accounts/rate-limit/rate-limit.policies';
import { CheckoutLimitsService } from '../place-order/checkout-limits.service';
import { OptionalJwtAuthGuard } from '../../common/auth/optional-jwt-auth.guard';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { AttemptLimit, markAttemptFailed } from '../../accounts/rate-limit/attempt-limit.interceptor';
import { BadRequestError } from '../../common/errors/domain-error';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { PlaceOrderCommand } from '../place-order/place-order.command';
import { CancelOwnOrderCommand } from '../cancel-own-order/cancel-own-order';
import { STATUS_NAMES } from '../domain/order-status';
import { GetOrderInformationQuery } from '../track-order/get-order-information.query';
import { GetOrderSummaryQuery } from '../track-order/get-order-summary.query';
import { parseConfirmOrder } from './dto/confirm-order.request';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** The storefront's order calls (spec §7). Thin: parse, send to the bus, shape the answer. */
@Controller('public')
export class PublicOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limits: CheckoutLimitsService,
    @Optional() @Inject(CHECKOUT_PAYMENTS) private readonly payments?: CheckoutPayments,
  ) {}

  /**
   * 201 with a new order; 200 with the same order when the Idempotency-Key was seen before. Every checkout
   * counts against its address's hourly limit (CHECKOUT_LIMIT_PER_IP_HOUR); the other limits, the address's
   * budget of units among them, are rules of the checkout decider (issues 14 and 27).
   */
  @Post('confirm-order')
  @UseGuards(OptionalJwtAuthGuard)
  async confirmOrder(
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @RequestMeta() meta: RequestMetadata,
    @Res({ passthrough: true }) response: Response,
    @Req() request: Request,
  ) {
    const address = rateLimitSubject(request, 'ip') ?? 'unknown';
    await this.limits.countCheckoutFrom(address);
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new BadRequestError('idempotency-key-invalid');
    const checkout = parseConfirmOrder(body, user?.role === 'customer' ? user.id : null, { gateway: this.payments?.gatewayReady === true });
    // A typed bKash transaction id is checked with bKash first, when bKash is configured (issue 34).
    const typed = checkout.payment.transactionId && this.payments ? await this.payments.checkTypedTransaction(checkout.payment.transactionId) : null;
    const result = await this.commands.execute(new PlaceOrderCommand(checkout, key ?? null, meta, address));
    response.status(result.replayed ? 200 : 201);
    const placed = { success: true as const, order_id: result.orderId, message: 'Your order has been placed. Our customer care team will call you to confirm it.' };
    if (typed && this.payments) await this.payments.recordTypedTransaction(result.orderId, typed, eventMetadata(meta));
    if (!this.payments) return placed;
    if (!checkout.payment.viaGateway) {
      // A cash order that needs an advance, placed without a typed transfer, pays it through the gateway (ADR 061).
      // A cash order with no advance (`advancePaisa` 0) reads nothing more.
      if (checkout.payment.method !== 'cash' || checkout.payment.transactionId || result.advancePaisa === 0) return placed;
      const advance = await this.payments.startAdvance(result.orderId, eventMetadata(meta));
      return advance ? { ...placed, payment_url: advance.paymentUrl } : placed;
    }
    // Recorded (PaymentStarted) before the shopper is sent to the gateway's page.
    const { paymentUrl } = await this.payments.start(result.orderId, eventMetadata(meta));
    return { ...placed, payment_url: paymentUrl };
  }

  /**
   * The shopper cancels their own pending order (issue 14): `{orderId, phone}`, or `{orderId}` with the
   * owner's token. Limited like tracking, and answers "not found" alike for a wrong id or phone.
   */
  @Post('cancel-order')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  @AttemptLimit('tracking')
  async cancelOrder(@Body() body: unknown, @CurrentUser() user: AuthenticatedUser | undefined, @RequestMeta() meta: RequestMetadata) {
    const { orderId, phone } = (typeof body === 'object' && body !== null ? body : {}) as { orderId?: unknown; phone?: unknown };
    const result = await this.commands.execute(new CancelOwnOrderCommand(orderId, phone, user, meta));
    return { success: true, orderId: result.orderId, order_status_name: STATUS_NAMES[result.status], message: 'Your order is cancelled.' };
  }

  /** Tracking: a wrong order id or phone counts against the guesser, never against the order's owner (ADR 024). */
  @Get('getOrderInformation')
  @AttemptLimit('tracking')
  async getOrderInformation(@Query('orderId') orderId: unknown, @Query('phone') phone: unknown) {
    const data = await this.queries.execute(new GetOrderInformationQuery(orderId, phone));
    return { success: true, data, message: 'Order found.' };
  }

  /** The `/verify/{orderId}/{phone}` screen's data: the same as getOrderInformation. */
  @Get('verify/:orderId/:phone')
  @AttemptLimit('tracking')
  async verify(@Param('orderId') orderId: string, @Param('phone') phone: string) {
    return this.getOrderInformation(orderId, phone);
  }

  @Get('getOrders')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  @AttemptLimit('tracking')
  async getOrders(
    @Query('orderId') orderId: unknown,
    @Query('phone') phone: unknown,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Req() request: Request,
  ) {
    const { personal, ...summary } = await this.queries.execute(new GetOrderSummaryQuery(orderId, phone, user));
    // The order exists but the phone given is not its own: an answer without the personal fields, and a failed guess.
    if (!personal && typeof phone === 'string' && phone.trim() !== '') markAttemptFailed(request);
    return { success: true, ...summary };
  }
}
