import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AdjustStockCommand, ReceiveStockCommand, StockChanged } from './change-stock.commands';
import { SkuCommandPath } from './sku-command-path';

@CommandHandler(ReceiveStockCommand)
export class ReceiveStockHandler implements ICommandHandler<ReceiveStockCommand> {
  constructor(private readonly path: SkuCommandPath) {}

  execute({ productId, size, quantity, note, meta }: ReceiveStockCommand): Promise<StockChanged> {
    return this.path.run({ type: 'ReceiveStock', data: { productId, size, quantity } }, meta, note);
  }
}

@CommandHandler(AdjustStockCommand)
export class AdjustStockHandler implements ICommandHandler<AdjustStockCommand> {
  constructor(private readonly path: SkuCommandPath) {}

  execute({ productId, size, delta, reason, meta }: AdjustStockCommand): Promise<StockChanged> {
    return this.path.run({ type: 'AdjustStock', data: { productId, size, delta, reason } }, meta, reason);
  }
}
