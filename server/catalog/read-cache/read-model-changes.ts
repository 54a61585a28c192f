import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventNotificationListener } from '../../event-store/event-notifications';
import { READ_MODELS_CHANNEL } from '../../event-store/projection-batch';
import { ReadModelCache } from './read-model-cache';

/**
 * Keeps the answer cache honest across processes: projections and catalog writes NOTIFY the read model
 * they changed, and every process drops the answers built from it. While the listening connection is down
 * the cache is bypassed, and when it comes back everything is dropped, since notifications were missed.
 */
@Injectable()
export class ReadModelChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReadModelCache');
  private readonly listener: EventNotificationListener;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadModelCache,
  ) {
    this.listener = EventNotificationListener.forDataSource(
      dataSource,
      // A notification without payload comes when the connection (re)opens.
      (payload) => (payload ? cache.invalidate(payload) : cache.resume()),
      // Said once per interruption: the listener keeps reconnecting with backoff, and the cache stays off meanwhile.
      (error) => {
        cache.suspend();
        this.logger.warn(`change notifications interrupted, answers read fresh until they are back: ${error instanceof Error ? error.message : String(error)}`);
      },
      READ_MODELS_CHANNEL,
      (downForMs) => this.logger.log(`change notifications restored after ${(downForMs / 1000).toFixed(1)} s; cache back on`),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }

  /** For writers of catalog tables: call inside the writing transaction, delivered on commit. */
  static notifyQuery(readModel: string): [string, string[]] {
    return ['SELECT pg_notify($1, $2)', [READ_MODELS_CHANNEL, readModel]];
  }
}
