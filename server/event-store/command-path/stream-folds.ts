import { Injectable } from '@nestjs/common';
import type { StreamFold } from './decider';

/**
 * Which fold the command path uses for which stream type, by stream id prefix (`sku-`, `coupon-`, `order-`).
 * Each context registers its own streams in `onModuleInit`, as it registers its projections; the event store
 * itself knows no business stream.
 */
@Injectable()
export class StreamFolds {
  private readonly folds = new Map<string, StreamFold<unknown, unknown>>();

  register<State, Event>(prefix: string, folding: StreamFold<State, Event>): void {
    if (this.folds.has(prefix)) throw new Error(`A fold for ${prefix} streams is registered already`);
    this.folds.set(prefix, folding as unknown as StreamFold<unknown, unknown>);
  }

  of(streamId: string): StreamFold<unknown, unknown> {
    for (const [prefix, folding] of this.folds) if (streamId.startsWith(prefix)) return folding;
    throw new Error(`No fold is registered for stream ${streamId}`);
  }
}
