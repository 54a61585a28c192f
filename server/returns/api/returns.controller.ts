import { Body, Controller, Get, HttpCode, Param, Query, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { ReturnOptionsResponse, ReturnPhotoUploadedResponse, ReturnRequestedResponse, ReturnStage, StoreCreditResponse } from '../../../contracts/returns';
import { AttemptLimit } from '../../accounts/rate-limit/attempt-limit.interceptor';
import { RateLimit } from '../../accounts/rate-limit/rate-limit.decorator';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { OptionalJwtAuthGuard } from '../../common/auth/optional-jwt-auth.guard';
import { paisaToTaka } from '../../common/money';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { ReturnDesk } from '../../ordering/published';
import { windowEnd } from '../domain/returns';
import { ReturnPhotoUploadInterceptor } from '../photos/return-photo-upload.interceptor';
import { ReturnPhotos } from '../photos/return-photos';
import { ReturnsService } from '../returns.service';
import { settingsViewOf } from './settings-view';
import { askReturnRequest, ownerQuery } from './requests';

/**
 * The shopper's returns and exchanges (issue 35): what may be asked on an order (its delivered lines, unit by
 * unit, and the sizes in stock to exchange into), and the request. Who may ask is read like tracking: the
 * order's phone or its signed-in owner, "not found" alike for a wrong id or phone (counted against the guesser).
 */
@Controller()
export class ReturnsController {
  constructor(
    private readonly returns: ReturnsService,
    private readonly desk: ReturnDesk,
    private readonly photos: ReturnPhotos,
  ) {}

  @Get('public/orders/:orderId/returns')
  @UseGuards(OptionalJwtAuthGuard)
  @AttemptLimit('tracking')
  async options(@Param('orderId') orderId: string, @Query() query: unknown, @CurrentUser() user: AuthenticatedUser | undefined): Promise<ReturnOptionsResponse> {
    const { phone } = parseOrThrow(ownerQuery, query);
    const order = await this.returns.forShopper(orderId, phone, user);
    const [settings, state, products] = await Promise.all([this.returns.settings(), this.returns.state(order.orderId), this.returns.productsNow([...new Set(order.lines.map((line) => line.productId))])]);
    const until = order.deliveredAt ? windowEnd(order.deliveredAt, settings.windowDays) : null;
    const reason = !order.delivered ? ('not-delivered' as const) : until && until.getTime() < Date.now() ? ('window-over' as const) : null;
    const requests = Object.values(state.requests);
    return {
      success: true,
      order_id: order.orderId,
      open: reason === null,
      reason,
      until: until?.toISOString() ?? null,
      settings: settingsViewOf(settings),
      lines: order.lines.map((line) => {
        const product = products.get(line.productId);
        return {
          product_id: line.productId,
          size: line.size,
          name: line.name,
          thumbnail: line.thumbnail,
          unit_price: paisaToTaka(line.unitPricePaisa),
          units: Array.from({ length: line.quantity }, (_, index) => {
            const latest = requests.filter((request) => request.productId === line.productId && request.size === line.size && request.unit === index + 1).at(-1);
            return { unit: index + 1, request: latest ? { return_id: latest.returnId, kind: latest.kind, stage: latest.stage as ReturnStage, new_size: latest.newSize, refusal: latest.refusal } : null };
          }),
          exchange_sizes: (product?.sizes ?? []).filter((entry) => entry.size !== line.size && entry.available > 0).map((entry) => ({ size: entry.size, unit_price: paisaToTaka(product!.pricePaisa) })),
        };
      }),
    };
  }

  @Post('public/orders/:orderId/returns')
  @HttpCode(201)
  @UseGuards(OptionalJwtAuthGuard)
  @AttemptLimit('tracking')
  async ask(@Param('orderId') orderId: string, @Body() body: unknown, @CurrentUser() user: AuthenticatedUser | undefined, @RequestMeta() meta: RequestMetadata): Promise<ReturnRequestedResponse> {
    const input = parseOrThrow(askReturnRequest, body);
    const order = await this.returns.forShopper(orderId, input.phone, user);
    // A photo must have been uploaded for this very order (its folder), by someone who could ask on it.
    if (input.photo && !(await this.photos.exists(order.orderId, input.photo))) throw ValidationFailedError.field('photo', 'return-photo-unknown');
    const { returnId, state } = await this.returns.ask(
      order,
      { productId: input.product_id, size: input.size, unit: input.unit, kind: input.kind, reason: input.reason, newSize: input.new_size ?? null, photo: input.photo ?? null },
      eventMetadata(meta),
    );
    const request = state.requests[returnId];
    const pickup = paisaToTaka(request.pickupChargePaisa);
    const difference = paisaToTaka(request.priceDifferencePaisa);
    const refund = paisaToTaka(request.refundAmountPaisa);
    const message =
      request.kind === 'exchange'
        ? `Size ${request.newSize} is set aside for you. Our care team will call you, then a rider brings the new size and takes the old one. You pay ${difference + pickup} Taka at the door.`
        : `Our care team will call you, then a rider picks the item up. Once it is back we refund ${refund} Taka.`;
    return { success: true, return_id: returnId, order_id: order.orderId, kind: request.kind, stage: request.stage, pickup_charge: pickup, price_difference: difference, refund_amount: refund, message };
  }

  /**
   * The shopper's photo of the unit (issue 35), before she sends the request: multipart, field `image` (JPEG, PNG
   * or WebP up to 5 MB) and `phone` (not needed for the order's signed-in owner). Stored privately; the answer's
   * id goes with the request as `photo`. Who may upload is checked as for asking; limited per address and order.
   */
  @Post('public/orders/:orderId/returns/photos')
  @HttpCode(201)
  @UseGuards(OptionalJwtAuthGuard)
  @RateLimit('return-photo')
  @AttemptLimit('tracking')
  @UseInterceptors(ReturnPhotoUploadInterceptor)
  async photo(@Param('orderId') orderId: string, @Req() request: Request, @CurrentUser() user: AuthenticatedUser | undefined): Promise<ReturnPhotoUploadedResponse> {
    const { phone } = parseOrThrow(ownerQuery, request.body ?? {});
    const order = await this.returns.forShopper(orderId, phone, user);
    const file = (request as Request & { file?: { buffer: Buffer } }).file;
    return { success: true, photo: await this.photos.store(order.orderId, file?.buffer) };
  }

  /** The signed-in customer's store credit, over the phones their orders were placed with. */
  @Get('orders/store-credit')
  @UseGuards(JwtAuthGuard)
  async credit(@CurrentUser() user: AuthenticatedUser): Promise<StoreCreditResponse> {
    const phones = await this.desk.phonesOfUser(user.id);
    const credits = await Promise.all(phones.map((phone) => this.returns.creditOf(phone)));
    const entries = credits.flatMap((credit) => credit.entries).sort((a, b) => b.at.localeCompare(a.at));
    return {
      success: true,
      balance: paisaToTaka(credits.reduce((sum, credit) => sum + credit.balancePaisa, 0)),
      entries: entries.map((entry) => ({ at: entry.at, amount: paisaToTaka(entry.amountPaisa), kind: entry.kind, order_id: entry.orderId })),
    };
  }
}
