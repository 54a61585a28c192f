import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryString } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { StockChangeResponse } from '../../../contracts/stock';
import { Roles } from '../../common/auth/roles.decorator';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { AdjustStockCommand, ReceiveStockCommand } from '../change-stock/change-stock.commands';
import { normalizeSize, skuStreamId } from '../domain/sku-stream';
import { StockChanges } from '../change-stock/change-stock.handlers';
import { ReadStreamQuery } from '../../operations/published';
import { ListStockQuery } from '../list-stock/list-stock.query';
import { adjustStockRequest, listStockRequest, receiveStockRequest } from './admin-stock.requests';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';

/** Stock per product and size: care and admin see it; receipts and adjustments are recorded as events. */
@Controller('admin/stock')
@Roles('care', 'admin')
export class AdminStockController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly stock: StockChanges,
  ) {}

  @Get()
  list(@QueryString() query: unknown) {
    const { page, search, low } = parseOrThrow(listStockRequest, query);
    return this.queries.execute(new ListStockQuery(page, search, low));
  }

  @Post('receive')
  @HttpCode(200)
  @Roles('admin')
  async receive(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { productId, size, quantity, note } = parseOrThrow(receiveStockRequest, body);
    const stock = await this.commands.execute(new ReceiveStockCommand(productId, size, quantity, note ?? null, meta));
    return { success: true, message: `Received ${quantity} of product ${productId} in size ${stock.size}.`, data: stock } satisfies StockChangeResponse;
  }

  @Post('adjust')
  @HttpCode(200)
  @Roles('admin')
  async adjust(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { productId, size, delta, reason } = parseOrThrow(adjustStockRequest, body);
    const stock = await this.commands.execute(new AdjustStockCommand(productId, size, delta, reason, meta));
    return { success: true, message: `Stock of product ${productId} in size ${stock.size} adjusted by ${delta}.`, data: stock } satisfies StockChangeResponse;
  }

  @Get(':productId/:size/stream')
  async stream(@Param('productId') productId: string, @Param('size') size: string) {
    // skuStreamId throws (a 500) for product id 0, so ids start at 1.
    if (!/^[1-9]\d{0,8}$/.test(productId) || !/^[A-Za-z0-9]{1,10}$/.test(size)) {
      throw ValidationFailedError.field('sku', 'stock-sku-invalid');
    }
    const id = Number(productId);
    try {
      return { data: await this.queries.execute(new ReadStreamQuery(skuStreamId(id, size))) };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      // A size the product is sold in but never stocked has an empty history, not a missing one (issue 31: the
      // console showed "Stream was not found." for a new product's stock).
      if (await this.stock.sells(id, normalizeSize(size))) return { data: [] };
      throw new NotFoundError('sku-not-sold', { productId: id, size: normalizeSize(size) });
    }
  }
}
