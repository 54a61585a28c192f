import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CareDeliveryArea } from '../../../contracts/orders';
import { areaIndex, districtInText } from '../../catalog/areas/area-index';
import { paisaToTaka } from '../../common/money';
import { toHistoryLines, toOrderRow, toTimeline } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { CheckoutLimitsService } from '../place-order/checkout-limits.service';
import { PhoneRiskReadModel } from '../phone-risk/phone-risk.read-model';
import { CurrentTimeline } from '../read-model/current-timeline';
import { OrderReadModel, type OrderDetails } from '../read-model/order-read-model';
import { GetCareOrderQuery, type CareOrderView } from './get-care-order.query';

/** The order's structured address for care (ADR 059): the picked area, else the district its free text names. */
export function deliveryAreaOf(order: OrderDetails): CareDeliveryArea {
  const advance = order.advance_required_paisa ? paisaToTaka(order.advance_required_paisa) : null;
  const picked = order.area_id ? areaIndex().get(order.area_id) : undefined;
  if (order.area_id) {
    return {
      area_id: order.area_id,
      district: order.district,
      district_bn: picked ? picked.districtBn : null,
      thana: order.thana,
      thana_bn: picked && picked.kind !== 'district' ? picked.nameBn : null,
      landmark: order.landmark,
      zone_id: order.zone_id,
      district_from_text: false,
      needs_completion: false,
      advance_required: advance,
    };
  }
  const district = districtInText(order.address);
  return {
    area_id: null,
    district: district?.name ?? null,
    district_bn: district?.nameBn ?? null,
    thana: null,
    thana_bn: null,
    landmark: null,
    zone_id: order.zone_id,
    district_from_text: district !== undefined,
    needs_completion: district === undefined,
    advance_required: advance,
  };
}

@QueryHandler(GetCareOrderQuery)
export class GetCareOrderHandler implements IQueryHandler<GetCareOrderQuery, CareOrderView> {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly limits: CheckoutLimitsService,
    private readonly phoneRisk: PhoneRiskReadModel,
    private readonly timelines: CurrentTimeline,
  ) {}

  async execute({ orderId }: GetCareOrderQuery): Promise<CareOrderView> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) throw new OrderNotFound();
    const [lines, timeline, limits, phoneRisk] = await Promise.all([
      this.orders.lines(order.order_id),
      this.timelines.of(order),
      this.limits.current(),
      this.phoneRisk.of([order.phone, order.shipping_phone]),
    ]);
    const expiresAt =
      order.status === 'pending' && order.order_type === 1 ? new Date(new Date(order.placed_at).getTime() + limits.pendingExpiryHours * 3_600_000).toISOString() : null;
    return {
      orderrow: toOrderRow(order, true),
      history: toHistoryLines(lines),
      timeline: toTimeline(timeline),
      expires_at: expiresAt,
      phone_risk: phoneRisk,
      delivery_area: deliveryAreaOf(order),
    };
  }
}
