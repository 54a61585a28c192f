import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CareShipmentResponse, ShipmentStepRecordedResponse, BatchBookingResponse, UnmappedAreasResponse } from '../../../contracts/shipments';
import { Roles } from '../../common/auth/roles.decorator';
import { paisaToTaka } from '../../common/money';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { ShipmentDesk, UnknownOrder } from '../../ordering/published';
import { ShipmentBooking } from '../booking/shipment-booking';
import { CourierAreas } from '../couriers/courier-areas';
import { Couriers } from '../couriers/couriers';
import type { ParcelStage } from '../couriers/courier-port';
import { ParcelSteps } from '../steps/parcel-steps';
import { batchBookingRequest, bookingRequest, manualStepRequest, returnRequest, unmappedAreasQuery } from './requests';

const units = (list: Array<{ productId: number; size: string; quantity: number }>) => list.map((unit) => ({ product_id: unit.productId, size: unit.size, quantity: unit.quantity }));

/** Care books couriers, follows and moves parcels, and receives returned ones (issue 29). */
@Controller('admin')
@Roles('care', 'admin')
export class AdminShipmentsController {
  constructor(
    private readonly booking: ShipmentBooking,
    private readonly steps: ParcelSteps,
    private readonly desk: ShipmentDesk,
    private readonly couriers: Couriers,
    private readonly areas: CourierAreas,
  ) {}

  @Get('couriers/areas-unmapped')
  unmappedAreas(@Query() query: unknown): Promise<UnmappedAreasResponse> {
    return this.areas.unmapped(parseOrThrow(unmappedAreasQuery, query).courier);
  }

  @Get('orders/:orderId/shipments')
  async view(@Param('orderId') orderId: string): Promise<CareShipmentResponse> {
    const [facts, view] = await Promise.all([this.desk.parcelFacts(orderId), this.desk.view(orderId)]);
    if (!facts) throw new UnknownOrder(orderId);
    return {
      success: true,
      order_id: facts.orderId,
      status: facts.status,
      recipient: { name: facts.recipientName, phone: facts.recipientPhone, address: facts.recipientAddress },
      place: { district: facts.area?.district ?? null, thana: facts.area?.thana ?? null, from_text: facts.area?.fromText ?? false, incomplete: facts.area === null },
      amount_to_collect: paisaToTaka(facts.amountToCollectPaisa),
      couriers: this.couriers.options(),
      default_courier: this.couriers.defaultCourier,
      booking_pending: view.pending ? { courier: view.pending.courier, requested_at: view.pending.requestedAt } : null,
      shipment: view.shipment,
      return_received: view.returnReceived ? { restocked: units(view.returnReceived.restocked), damaged: units(view.returnReceived.damaged) } : null,
    };
  }

  @Post('orders/:orderId/shipments')
  async book(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const request = parseOrThrow(bookingRequest, body);
    const { answer, created } = await this.booking.book(
      orderId,
      { courier: request.courier, trackingCode: request.tracking_code, courierName: request.courier_name, note: request.note },
      eventMetadata(meta),
    );
    response.status(created ? 201 : 200);
    return answer;
  }

  @Post('shipments/batch')
  @HttpCode(200)
  async bookMany(@Body() body: unknown, @RequestMeta() meta: RequestMetadata): Promise<BatchBookingResponse> {
    const { courier, order_ids } = parseOrThrow(batchBookingRequest, body);
    const results = await this.booking.bookMany([...new Set(order_ids)], { courier }, eventMetadata(meta));
    return { success: true, booked: results.filter((result) => result.ok).length, failed: results.filter((result) => !result.ok).length, results };
  }

  @Post('orders/:orderId/shipments/next-step')
  @HttpCode(200)
  async nextStep(@Param('orderId') orderId: string, @RequestMeta() meta: RequestMetadata) {
    await this.steps.advanceDemo(orderId, eventMetadata(meta));
    return this.stepAnswer(orderId, true);
  }

  @Post('orders/:orderId/shipments/steps')
  @HttpCode(200)
  async manualStep(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { stage, at, message, collected } = parseOrThrow(manualStepRequest, body);
    const recorded = await this.steps.recordByHand(orderId, { stage: stage as ParcelStage, at, message, collectedTaka: collected }, eventMetadata(meta));
    return this.stepAnswer(orderId, recorded);
  }

  @Post('orders/:orderId/shipments/return')
  @HttpCode(200)
  async receiveReturn(@Param('orderId') orderId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { damaged, note } = parseOrThrow(returnRequest, body);
    await this.steps.receiveReturn(orderId, damaged.map((unit) => ({ productId: unit.product_id, size: unit.size, quantity: unit.quantity })), eventMetadata(meta, { note }));
    return this.stepAnswer(orderId, true);
  }

  /** The answer after a step: the order's status from its stream, the parcel from the read model as it is now. */
  private async stepAnswer(orderId: string, recorded: boolean): Promise<ShipmentStepRecordedResponse> {
    const current = await this.desk.current(orderId);
    if (!current) throw new UnknownOrder(orderId);
    return { success: true, order_id: current.orderId, recorded, status: current.status, shipment: (await this.desk.view(current.orderId)).shipment };
  }
}
