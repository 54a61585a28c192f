import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import { fold } from '../../event-store/command-path/decider';
import { skuDecider, type SkuCommand, type SkuState } from '../domain/sku';
import { skuStateOf, type SkuLedger } from '../domain/sku-ledger';
import { normalizeSize, skuStreamId } from '../domain/sku-stream';
import { AdjustStockCommand, ReceiveStockCommand, StockChanged } from './change-stock.commands';

const LIST_WAIT_MS = 3_000;

/** A staff change to one SKU through the command path: only for sizes the product is sold in. */
@Injectable()
export class StockChanges {
  constructor(
    private readonly commands: CommandPath,
    private readonly dataSource: DataSource,
  ) {}

  async change(command: SkuCommand, meta: RequestMetadata, note: string | null): Promise<StockChanged> {
    const { productId } = command.data;
    const size = normalizeSize(command.data.size);
    await this.requireSku(productId, size);
    let before!: SkuState;
    const { events, version } = await this.commands.handle(
      skuStreamId(productId, size),
      (ledger: SkuLedger) => skuDecider.decide(command, (before = skuStateOf(ledger))),
      eventMetadata(meta, { note }),
    );
    const after = fold(skuDecider, events, before);
    await this.untilListed(productId, size, version);
    return { productId, size, available: after.available, reserved: after.reserved, version };
  }

  /**
   * Waits (briefly) until the `sku_stock` projection has applied the change, so the stock list the staff
   * member reloads right after it shows the new numbers (issue 31: the table stayed stale until a reload).
   */
  private async untilListed(productId: number, size: string, version: number): Promise<void> {
    const deadline = Date.now() + LIST_WAIT_MS;
    while (Date.now() < deadline) {
      const rows: Array<{ version: number }> = await this.dataSource.query(`SELECT version FROM sku_stock WHERE product_id = $1 AND size = $2`, [productId, size]);
      if (rows.length > 0 && Number(rows[0].version) >= version) return;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  private async requireSku(productId: number, size: string): Promise<void> {
    if (!(await this.sells(productId, size))) throw new NotFoundError('sku-not-sold', { productId, size });
  }

  /** Whether the product (published or a draft) is sold in the size. */
  async sells(productId: number, size: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      // A draft product (catalog_products, not yet in the shop's products) may be stocked before it is published.
      `SELECT 1 FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id WHERE ps.product_id = $1 AND z.value = $2
       UNION ALL
       SELECT 1 FROM catalog_products p WHERE p.id = $1 AND $2 = ANY(p.sizes)`,
      [productId, size],
    );
    return rows.length > 0;
  }
}

@CommandHandler(ReceiveStockCommand)
export class ReceiveStockHandler implements ICommandHandler<ReceiveStockCommand> {
  constructor(private readonly stock: StockChanges) {}

  execute({ productId, size, quantity, note, meta }: ReceiveStockCommand): Promise<StockChanged> {
    return this.stock.change({ type: 'ReceiveStock', data: { productId, size, quantity } }, meta, note);
  }
}

@CommandHandler(AdjustStockCommand)
export class AdjustStockHandler implements ICommandHandler<AdjustStockCommand> {
  constructor(private readonly stock: StockChanges) {}

  execute({ productId, size, delta, reason, meta }: AdjustStockCommand): Promise<StockChanged> {
    return this.stock.change({ type: 'AdjustStock', data: { productId, size, delta, reason } }, meta, reason);
  }
}
