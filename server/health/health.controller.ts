import { Controller, Get, Inject, OnModuleDestroy, Res } from '@nestjs/common';
import type { Response } from 'express';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';

interface Check {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
}

/** Liveness and readiness for load balancers and people: is the database there, is the mail queue there. */
@Controller('health')
export class HealthController implements OnModuleDestroy {
  private redis: IORedis | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
    const [database, queue] = await Promise.all([this.checkDatabase(), this.checkQueue()]);
    const healthy = database.status === 'up' && queue.status === 'up';
    response.status(healthy ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return {
      status: healthy ? 'ok' : 'degraded',
      database: { ...database, embedded: this.config.embeddedDatabase },
      queue: { ...queue, mode: this.config.redisUrl ? 'redis' : 'in-process' },
    };
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  private async checkDatabase(): Promise<Check> {
    return timed(async () => {
      await this.dataSource.query('SELECT 1');
    });
  }

  private async checkQueue(): Promise<Check> {
    if (!this.config.redisUrl) return { status: 'up' };
    this.redis ??= new IORedis(this.config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 1_000,
      enableOfflineQueue: false,
    });
    // Connection errors are what this check reports; without a listener ioredis would also log each one.
    this.redis.on('error', () => undefined);
    const redis = this.redis;
    return timed(async () => {
      if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
      await redis.ping();
    });
  }
}

async function timed(check: () => Promise<void>): Promise<Check> {
  const started = performance.now();
  try {
    await withTimeout(check(), 2_000);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
