import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { EventStore } from '../../event-store/event-store';
import { decide, foldSku, type SkuCommand } from '../domain/sku';
import type { SkuEvent } from '../domain/sku.events';
import { normalizeSize, skuStreamId } from '../domain/sku-stream';
import type { StockChanged } from './change-stock.commands';

const MAX_ATTEMPTS = 5;

/**
 * Read the SKU's stream, fold it, decide, append at the version read; on a concurrent write (a checkout
 * reserving the same SKU) read again and decide again. Staff stock changes are rare, so the plain path is
 * enough; checkout has its own batched path for hot SKUs.
 */
@Injectable()
export class SkuCommandPath {
  constructor(
    private readonly eventStore: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async run(command: SkuCommand, meta: RequestMetadata, note: string | null = null): Promise<StockChanged> {
    const { productId } = command.data;
    const size = normalizeSize(command.data.size);
    await this.requireSku(productId, size);
    const streamId = skuStreamId(productId, size);
    for (let attempt = 1; ; attempt += 1) {
      const history = await this.eventStore.readStream(streamId);
      const state = foldSku(history as unknown as SkuEvent[]);
      const events = decide(command, state);
      try {
        const result = await this.eventStore.append(streamId, history.length, events, eventMetadata(meta, { note }));
        const after = foldSku(events, state);
        return { productId, size, available: after.available, reserved: after.reserved, version: result.streams[0].version };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Stock only for sizes the product is sold in (a draft product may be stocked before it is published). */
  private async requireSku(productId: number, size: string): Promise<void> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id WHERE ps.product_id = $1 AND z.value = $2
       UNION ALL
       SELECT 1 FROM catalog_products p WHERE p.id = $1 AND $2 = ANY(p.sizes)`,
      [productId, size],
    );
    if (rows.length === 0) throw new NotFoundError(`Product ${productId} is not sold in size ${size}.`);
  }
}
