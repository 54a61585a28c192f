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
