import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { CareOrderResponse, InstantOrderResponse, OrderChangeResponse } from '../../../contracts/orders';
import { Roles } from '../../common/auth/roles.decorator';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { GetCareOrderQuery } from '../care/get-care-order.query';
import type { OrderChangeResult } from '../change-order/order-changes';
import {
  AddOrderNoteCommand,
  CancelOrderCommand,
  ConfirmOrderCommand,
  DeliverOrderCommand,
  MarkBkashPaymentVerifiedCommand,
  RecordCallOutcomeCommand,
  ReturnOrderCommand,
  ShipOrderCommand,
  StartProcessingCommand,
} from '../change-order/order-steps.commands';
import { STATUS_NAMES } from '../domain/order-status';
import { PlaceInstantOrderCommand } from '../place-instant-order/place-instant-order.command';
import { AmendOrderCommand, type AmendOrderResult } from '../amend-order/amend-order';
import { paisaToTaka } from '../../common/money';
import { LatestOrders } from '../read-model/latest-orders';
import {
  addLineRequest,
  callRequest,
  changeLineRequest,
  instantOrderRequest,
  lineParameters,
  noteRequest,
  reasonRequest,
  removeLineRequest,
  shipRequest,
  shippingChangeRequest,
  stepRequest,
  verifyBkashRequest,
} from './dto/admin-orders.requests';

const answer = (result: OrderChangeResult): OrderChangeResponse => ({
  success: true,
  orderId: result.orderId,
  status: result.status,
  order_status_name: STATUS_NAMES[result.status],
  message: `Order ${result.orderId} is ${STATUS_NAMES[result.status].toLowerCase()}.`,
});

const amended = (result: AmendOrderResult) => ({
  success: true,
  orderId: result.orderId,
  grand_total: result.grandTotalPaisa === null ? null : paisaToTaka(result.grandTotalPaisa),
  message: `Order ${result.orderId} is changed.`,
});

/** Care and admin: an order's full view and timeline, each status step, notes and instant (phone) orders. */
@Controller('admin/orders')
@Roles('care', 'admin')
export class AdminOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly latest: LatestOrders,
  ) {}

  @Post('instant')
  async placeInstantOrder(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { orderId } = await this.commands.execute(new PlaceInstantOrderCommand(parseOrThrow(instantOrderRequest, body), meta));
    return { success: true, order_id: orderId, message: 'Instant order recorded.' } satisfies InstantOrderResponse;
  }

  /** Issue 31: what care's open order list polls; declared before `:orderId`, which would take the word for an id. */
  @Get('latest-version')
  latestVersion() {
    return this.latest.version();
  }

  @Get(':orderId')
  async view(@Param('orderId') orderId: string) {
    return { success: true, ...((await this.queries.execute(new GetCareOrderQuery(orderId))) satisfies CareOrderResponse) };
  }

  @Post(':orderId/confirm')
  @HttpCode(200)
  async confirm(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return answer(await this.commands.execute(new ConfirmOrderCommand(orderId, meta, parseOrThrow(stepRequest, body).note ?? null)));
  }

  @Post(':orderId/start-processing')
  @HttpCode(200)
  async startProcessing(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return answer(await this.commands.execute(new StartProcessingCommand(orderId, meta, parseOrThrow(stepRequest, body).note ?? null)));
  }

  @Post(':orderId/ship')
  @HttpCode(200)
  async ship(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { note, courier, tracking_code } = parseOrThrow(shipRequest, body);
    return answer(await this.commands.execute(new ShipOrderCommand(orderId, meta, note ?? null, courier ?? null, tracking_code ?? null)));
  }

  @Post(':orderId/deliver')
  @HttpCode(200)
  async deliver(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return answer(await this.commands.execute(new DeliverOrderCommand(orderId, meta, parseOrThrow(stepRequest, body).note ?? null)));
  }

  @Post(':orderId/cancel')
  @HttpCode(200)
  async cancel(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return answer(await this.commands.execute(new CancelOrderCommand(orderId, meta, parseOrThrow(reasonRequest, body).reason)));
  }

  @Post(':orderId/return')
  @HttpCode(200)
  async markReturned(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return answer(await this.commands.execute(new ReturnOrderCommand(orderId, meta, parseOrThrow(reasonRequest, body).reason)));
  }

  @Post(':orderId/verify-bkash')
  @HttpCode(200)
  async verifyBkash(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(verifyBkashRequest, body);
    return answer(await this.commands.execute(new MarkBkashPaymentVerifiedCommand(orderId, meta, input.note ?? null, input.transaction_id ?? null)));
  }

  /** Amendments (issue 14): shipping details, a line added, a line's size or quantity changed, a line removed. */
  @Post(':orderId/shipping')
  @HttpCode(200)
  async changeShipping(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { address, shipping_phone, area_id, landmark, reason } = parseOrThrow(shippingChangeRequest, body);
    return amended(await this.commands.execute(new AmendOrderCommand(orderId, { kind: 'shipping', address, shippingPhone: shipping_phone, areaId: area_id, landmark }, reason, meta)));
  }

  @Post(':orderId/lines')
  @HttpCode(200)
  async addLine(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { id, size, qty, reason } = parseOrThrow(addLineRequest, body);
    return amended(await this.commands.execute(new AmendOrderCommand(orderId, { kind: 'add-line', productId: id, size, quantity: qty }, reason, meta)));
  }

  @Post(':orderId/lines/:productId/:size')
  @HttpCode(200)
  async changeLine(@Param() params: unknown, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { orderId, productId, size } = parseOrThrow(lineParameters, params);
    const change = parseOrThrow(changeLineRequest, body);
    return amended(
      await this.commands.execute(new AmendOrderCommand(orderId, { kind: 'change-line', productId, size, newSize: change.size, quantity: change.qty }, change.reason, meta)),
    );
  }

  @Post(':orderId/lines/:productId/:size/remove')
  @HttpCode(200)
  async removeLine(@Param() params: unknown, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { orderId, productId, size } = parseOrThrow(lineParameters, params);
    const { reason } = parseOrThrow(removeLineRequest, body);
    return amended(await this.commands.execute(new AmendOrderCommand(orderId, { kind: 'remove-line', productId, size }, reason, meta)));
  }

  /** How the confirmation call went: `{outcome: reached|not_reached|confirmed|refused, note?}` (issue 14). */
  @Post(':orderId/call')
  @HttpCode(200)
  async recordCall(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { outcome, note } = parseOrThrow(callRequest, body);
    return answer(await this.commands.execute(new RecordCallOutcomeCommand(orderId, meta, note ?? null, outcome)));
  }

  @Post(':orderId/notes')
  @HttpCode(200)
  async addNote(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    return answer(await this.commands.execute(new AddOrderNoteCommand(orderId, meta, parseOrThrow(noteRequest, body).note)));
  }
}
