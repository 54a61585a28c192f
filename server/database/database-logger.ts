import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's messages through the application's logger (JSON lines) instead of console.log, and without the
 * parameters of a failed query: they hold what shoppers typed (phones, names, addresses). The statement is
 * kept, cut short; the caller reports the failure itself.
 */
export class DatabaseLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('Database');

  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    this.logger.debug(`query failed (${error instanceof Error ? error.message : error}): ${query.replace(/\s+/g, ' ').slice(0, 200)}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`slow query (${time} ms): ${query.replace(/\s+/g, ' ').slice(0, 200)}`);
  }

  logSchemaBuild(): void {}

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.debug(String(message));
  }
}

/**
 * Errors of idle pooled connections (PostgreSQL restarted, a connection terminated). They come all at once,
 * one per connection of the pool, and the request or subscription that next needs a connection reports its
 * own failure; so the first error of an outage is a warning and the rest of it, until `quietMs` pass without
 * one, are debug lines.
 */
export class PoolErrorReporter {
  private readonly logger = new NestLogger('Database');
  private lastErrorAt = Number.NEGATIVE_INFINITY;
  private quieted = 0;

  constructor(private readonly quietMs = 30_000, private readonly now: () => number = Date.now) {}

  readonly report = (error: Error): void => {
    const at = this.now();
    const sameOutage = at - this.lastErrorAt < this.quietMs;
    this.lastErrorAt = at;
    if (sameOutage) {
      this.quieted += 1;
      this.logger.debug(`pooled connection lost (${this.quieted} more in this outage): ${error.message}`);
      return;
    }
    this.quieted = 0;
    this.logger.warn(`pooled connections lost, each is replaced on its next use: ${error.message}`);
  };
}
