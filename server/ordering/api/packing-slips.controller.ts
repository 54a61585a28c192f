import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.decorator';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { calendarDayParameter } from '../../common/validation/calendar-dates';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { OrderReadModel } from '../read-model/order-read-model';
import { packingSlipsPage, type StoreHeader } from '../paperwork/packing-slip';

export const packingSlipsRequest = z.object({
  date: calendarDayParameter('packing-slip'),
});

/** Today in Dhaka, where the shop's days are. */
const dhakaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

/**
 * Paperwork (issue 14): a printable invoice / packing slip per order with the cash the rider collects, and
 * every slip of the orders care confirmed on a day (Dhaka time) that are still confirmed, for one print run.
 * HTML with print styles; the console fetches it with the staff token and prints it.
 */
@Controller('admin')
@Roles('care', 'admin')
export class PackingSlipsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderReadModel,
  ) {}

  // The content type is set only on success: an error must still answer JSON.
  @Get('orders/:orderId/packing-slip')
  async one(@Param('orderId') orderId: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) throw new OrderNotFound();
    const page = packingSlipsPage(await this.store(), `Packing slip ${order.order_id}`, [{ order, lines: await this.orders.lines(order.order_id) }]);
    response.type('html');
    return page;
  }

  @Get('packing-slips')
  async confirmedOn(@Query() query: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    const date = parseOrThrow(packingSlipsRequest, query).date ?? dhakaToday();
    const rows: Array<{ order_id: string }> = await this.dataSource.query(
      `SELECT d.order_id FROM order_details d
         JOIN order_timeline t ON t.order_id = d.order_id AND t.event_type = 'OrderConfirmed'
        WHERE d.status = 'confirmed'
          AND t.occurred_at >= ($1::date::timestamp AT TIME ZONE 'Asia/Dhaka') AND t.occurred_at < (($1::date + 1)::timestamp AT TIME ZONE 'Asia/Dhaka')
        GROUP BY d.order_id, d.placed_at ORDER BY d.placed_at, d.order_id`,
      [date],
    );
    const slips = [];
    for (const { order_id: orderId } of rows) {
      const [order, lines] = await Promise.all([this.orders.details(orderId), this.orders.lines(orderId)]);
      if (order) slips.push({ order, lines });
    }
    const page = packingSlipsPage(await this.store(), `Confirmed orders of ${date}`, slips);
    response.type('html');
    return page;
  }

  private async store(): Promise<StoreHeader> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(`SELECT * FROM settings WHERE id = 1`);
    const row = rows[0] ?? {};
    return { name: String(row.name ?? ''), address: String(row.address ?? ''), hotline: String(row.hotline ?? '') };
  }
}
