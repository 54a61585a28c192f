import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { createRootLogger, httpLogOptions } from './logging/log-options';
import { MetricsAccess } from './metrics/metrics-access';
import { MetricsCollector } from './metrics/metrics-collector';
import { MetricsController } from './metrics/metrics.controller';
import { StoreMetrics } from './metrics/store-metrics';
import { ShutdownState } from './shutdown/shutdown-state';

/**
 * What an operator watches a process by: JSON logs (nestjs-pino, one line per request with its request and
 * correlation ids), Prometheus metrics at /api/metrics, and the shutdown state that readiness reports.
 * `logger`: the process's root pino logger when main.ts made one (its start-up lines went through it too).
 */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(config: AppConfig, logger?: Logger): DynamicModule {
    const root = logger ?? createRootLogger({ level: config.logLevel, format: config.logFormat, name: 'store' });
    return {
      module: ObservabilityModule,
      // One middleware for every path (API, uploads, storefront); nestjs-pino's default adds a second, prefixed one.
      imports: [LoggerModule.forRoot({ pinoHttp: httpLogOptions(root), forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }] })],
      controllers: [MetricsController],
      providers: [
        { provide: StoreMetrics, useFactory: () => new StoreMetrics() },
        { provide: MetricsAccess, inject: [APP_CONFIG], useFactory: (app: AppConfig) => new MetricsAccess(app.metrics) },
        MetricsCollector,
        ShutdownState,
      ],
      exports: [StoreMetrics, ShutdownState],
    };
  }
}
