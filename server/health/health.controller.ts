import { Controller, Get, Inject, Logger, OnModuleDestroy, Res } from '@nestjs/common';
import type { Response } from 'express';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { StoreMetrics } from '../observability/metrics/store-metrics';
import { ShutdownState } from '../observability/shutdown/shutdown-state';

interface Check {
  status: 'up' | 'down';
  latencyMs?: number;
}

/**
 * Liveness and readiness for load balancers and people: is the database there, is the mail queue there.
 * Public, so a failure's detail (addresses, driver messages) goes to the log, not into the answer.
 *
 * - `/api/health`: everything up (200) or not (503), as before.
 * - `/api/health/live`: the process answers (200): restart it only when this fails.
 * - `/api/health/ready`: may take traffic: database reachable and migrations done (200); Redis down is
 *   `degraded` but still 200, since checkout works without it; database down, migrations pending or the
 *   process shutting down: 503.
 */
@Controller('health')
export class HealthController implements OnModuleDestroy {
  private readonly logger = new Logger('Health');
  private redis: IORedis | undefined;
  /** The last failure reported per dependency, so an outage is logged when it starts or changes, not per probe. */
  private readonly reported = new Map<string, string | null>();

  private migrationsDone = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shutdown: ShutdownState,
    @Inject(StoreMetrics) private readonly metrics: StoreMetrics,
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

  @Get('live')
  live(@Res({ passthrough: true }) response: Response) {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'live', uptimeSeconds: Math.round(process.uptime()) };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    response.setHeader('Cache-Control', 'no-store');
    const [database, queue] = await Promise.all([this.checkDatabase(), this.checkQueue()]);
    const migrations = database.status === 'up' ? await this.checkMigrations() : 'unknown';
    const body = {
      database: { status: database.status, migrations },
      queue: { status: queue.status, mode: this.config.redisUrl ? 'redis' : 'in-process' },
    };
    if (this.shutdown.draining) {
      response.status(503);
      return { status: 'draining', ...body };
    }
    if (database.status !== 'up' || migrations !== 'done') {
      response.status(503);
      return { status: 'unavailable', ...body };
    }
    response.status(200);
    return { status: queue.status === 'up' ? 'ready' : 'degraded', ...body };
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  /** Every migration this build knows is recorded as run (checked until true, then remembered). */
  private async checkMigrations(): Promise<'done' | 'pending' | 'unknown'> {
    if (this.migrationsDone) return 'done';
    try {
      const names = this.dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
      const table = this.dataSource.options.migrationsTableName ?? 'migrations';
      const [{ present }] = await this.dataSource.query('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
      if (!present) return 'pending';
      const [{ recorded }] = await this.dataSource.query(`SELECT count(DISTINCT name)::int AS recorded FROM "${table.replace(/"/g, '')}" WHERE name = ANY($1::text[])`, [names]);
      this.migrationsDone = recorded === names.length;
      return this.migrationsDone ? 'done' : 'pending';
    } catch {
      return 'unknown';
    }
  }

  private async checkDatabase(): Promise<Check> {
    return this.report(
      'database',
      await timed(async () => {
        await this.dataSource.query('SELECT 1');
      }),
    );
  }

  private async checkQueue(): Promise<Check> {
    if (!this.config.redisUrl) return { status: 'up' };
    if (!this.redis) {
      this.redis = new IORedis(this.config.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: 1_000,
        enableOfflineQueue: false,
      });
      // Connection errors are what this check reports; without a listener ioredis would also log each one.
      this.redis.on('error', () => undefined);
    }
    const redis = this.redis;
    return this.report(
      'queue',
      await timed(async () => {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        await redis.ping();
      }),
    );
  }

  private report(dependency: string, { check, error }: { check: Check; error: string | null }): Check {
    this.metrics.up.set({ dependency: dependency === 'queue' ? 'redis' : dependency }, check.status === 'up' ? 1 : 0);
    if (this.reported.get(dependency) !== error) {
      if (error) this.logger.warn(`${dependency} is down: ${error}`);
      else if (this.reported.get(dependency)) this.logger.log(`${dependency} is up again`);
      this.reported.set(dependency, error);
    }
    return check;
  }
}

async function timed(check: () => Promise<void>): Promise<{ check: Check; error: string | null }> {
  const started = performance.now();
  try {
    await withTimeout(check(), 2_000);
    return { check: { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 }, error: null };
  } catch (error) {
    return { check: { status: 'down' }, error: error instanceof Error ? error.message : String(error) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
