import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { ReturnChangedResponse, ReturnPhotoResponse, ReturnTimelineResponse, ReturnSettingsView, ReturnsDashboardResponse } from '../../../contracts/returns';
import { Roles } from '../../common/auth/roles.decorator';
import { NotFoundError } from '../../common/errors/domain-error';
import { takaToPaisa } from '../../common/money';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import type { ReturnCommand } from '../domain/returns';
import { ReturnPhotos } from '../photos/return-photos';
import { ReturnsReadModel, type ReturnRowWithSteps } from '../returns.read-model';
import { ReturnsService } from '../returns.service';
import { calledRequest, listQuery, pickupRequest, receiveRequest, refundRequest, refuseRequest, settingsRequest } from './requests';
import { settingsViewOf } from './settings-view';

/** Care's returns console (issue 35): the list, each decision and step, the refund; admin sets the rules. */
@Controller('admin')
@Roles('care', 'admin')
export class AdminReturnsController {
  constructor(
    private readonly returns: ReturnsService,
    private readonly reads: ReturnsReadModel,
    private readonly photos: ReturnPhotos,
  ) {}

  @Get('returns')
  async list(@Query() query: unknown): Promise<{ success: true; data: ReturnRowWithSteps[] }> {
    const filter = parseOrThrow(listQuery, query);
    return { success: true, data: await this.reads.list({ stage: filter.stage, orderId: filter.order_id }) };
  }

  @Get('returns/settings')
  async settings(): Promise<{ success: true; settings: ReturnSettingsView }> {
    return { success: true, settings: settingsViewOf(await this.returns.settings()) };
  }

  @Put('returns/settings')
  @Roles('admin')
  async changeSettings(@Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<{ success: true; settings: ReturnSettingsView }> {
    const input = parseOrThrow(settingsRequest, body);
    const settings = await this.returns.changeSettings(
      { windowDays: input.window_days, deliveryPayer: input.delivery_payer, pickupChargePaisa: takaToPaisa(input.pickup_charge) },
      eventMetadata(meta),
    );
    return { success: true, settings: settingsViewOf(settings) };
  }

  @Get('dashboard/returns')
  async dashboard(): Promise<ReturnsDashboardResponse> {
    return { success: true, ...(await this.reads.dashboard()) };
  }

  /** The steps of an order's returns, for care's order timeline (issue 35). */
  @Get('orders/:orderId/return-steps')
  async timeline(@Param('orderId') orderId: string): Promise<ReturnTimelineResponse> {
    const normal = orderId.trim().toUpperCase();
    if (!/^[A-Z0-9-]{1,40}$/.test(normal)) throw new NotFoundError('order-not-found');
    return { success: true, order_id: normal, timeline: await this.reads.timelineOf(normal) };
  }

  /** The shopper's photo of the unit, for care only (the photo's folder is never served to the public). */
  @Get('returns/:returnId/photo')
  async photo(@Param('returnId') returnId: string): Promise<ReturnPhotoResponse> {
    const photo = await this.reads.photoOf(id(returnId));
    if (!photo) throw new NotFoundError('return-photo-none');
    const bytes = await this.photos.read(photo.orderId, photo.photo);
    if (!bytes) throw new NotFoundError('return-photo-none');
    return { success: true, return_id: id(returnId), photo: `data:image/webp;base64,${bytes.toString('base64')}` };
  }

  @Post('returns/:returnId/approve')
  @HttpCode(200)
  approve(@Param('returnId') returnId: string, @RequestMeta() meta: RequestMetadata) {
    return this.stepped(returnId, { type: 'ApproveReturn', data: { returnId: id(returnId), now: new Date() } }, meta, 'The request is approved.');
  }

  @Post('returns/:returnId/refuse')
  @HttpCode(200)
  refuse(@Param('returnId') returnId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { reason } = parseOrThrow(refuseRequest, body);
    return this.stepped(returnId, { type: 'RefuseReturn', data: { returnId: id(returnId), now: new Date(), reason } }, meta, 'The request is refused.', reason);
  }

  @Post('returns/:returnId/called')
  @HttpCode(200)
  called(@Param('returnId') returnId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { note } = parseOrThrow(calledRequest, body);
    return this.stepped(returnId, { type: 'MarkReturnCalled', data: { returnId: id(returnId), now: new Date() } }, meta, 'The call is recorded.', note);
  }

  @Post('returns/:returnId/receive')
  @HttpCode(200)
  receive(@Param('returnId') returnId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { condition } = parseOrThrow(receiveRequest, body);
    return this.stepped(returnId, { type: 'ReceiveReturn', data: { returnId: id(returnId), now: new Date(), condition } }, meta, condition === 'stock' ? 'The unit is back in stock.' : 'The unit is recorded as damaged.');
  }

  @Post('returns/:returnId/pickup')
  @HttpCode(200)
  async pickup(@Param('returnId') returnId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<ReturnChangedResponse> {
    const { courier, tracking_code } = parseOrThrow(pickupRequest, body);
    await this.returns.bookPickup(id(returnId), courier, tracking_code, eventMetadata(meta));
    return this.answer(returnId, 'The pick-up is booked.');
  }

  @Post('returns/:returnId/exchange')
  @HttpCode(200)
  async exchange(@Param('returnId') returnId: string, @RequestMeta() meta: RequestMetadata): Promise<ReturnChangedResponse> {
    await this.returns.shipExchange(id(returnId), eventMetadata(meta));
    return this.answer(returnId, 'The exchange order is placed.');
  }

  @Post('returns/:returnId/refund')
  @HttpCode(200)
  async refund(@Param('returnId') returnId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<ReturnChangedResponse> {
    const { method, amount } = parseOrThrow(refundRequest, body);
    await this.returns.refund(id(returnId), method, amount === undefined ? null : takaToPaisa(amount), eventMetadata(meta));
    return this.answer(returnId, 'The refund is recorded.');
  }

  private async stepped(returnId: string, command: ReturnCommand, meta: RequestMetadata, message: string, note?: string): Promise<ReturnChangedResponse> {
    await this.returns.step(id(returnId), command, eventMetadata(meta, note ? { note } : {}));
    return this.answer(returnId, message);
  }

  /** The request as its row now stands (written in the step's own transaction). */
  private async answer(returnId: string, message: string): Promise<ReturnChangedResponse> {
    const row = await this.reads.one(id(returnId));
    if (!row) throw new NotFoundError('return-unknown');
    const { steps: _steps, ...rest } = row;
    return { success: true, return: rest, message };
  }
}

/**
 * A return id as the store writes them (`<orderId>-R<n>`: letters, digits and dashes); anything else, a NUL or a
 * slash included, is no request of ours, answered 404 before it reaches the database.
 */
const id = (returnId: string) => {
  const normal = returnId.trim().toUpperCase();
  if (!/^[A-Z0-9-]{1,60}$/.test(normal)) throw new NotFoundError('return-unknown');
  return normal;
};
