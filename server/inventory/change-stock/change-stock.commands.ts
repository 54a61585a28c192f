import { Command } from '@nestjs/cqrs';
import type { RequestMetadata } from '../../common/request/request-metadata';

export interface StockChanged {
  productId: number;
  size: string;
  available: number;
  reserved: number;
  version: number;
}

/** Units arrived from a supplier or a return to shelf. */
export class ReceiveStockCommand extends Command<StockChanged> {
  constructor(
    readonly productId: number,
    readonly size: string,
    readonly quantity: number,
    readonly note: string | null,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}

/** A stock count differed from the books, or units were damaged or lost; `delta` may be negative. */
export class AdjustStockCommand extends Command<StockChanged> {
  constructor(
    readonly productId: number,
    readonly size: string,
    readonly delta: number,
    readonly reason: string,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}
