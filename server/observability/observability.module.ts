import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OutboxModule } from '../outbox/outbox.module';
import { createRootLogger, httpLogOptions } from './logging/log-options';
import { MetricsAccess } from './metrics/metrics-access';
import { MetricsCollector } from './metrics/metrics-collector';
import { MetricsController } from './metrics/metrics.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { StoreMetrics } from './metrics/store-metrics';
import { ShutdownState } from './shutdown/shutdown-state';

/**
 * What an operator watches a process by: JSON logs (nestjs-pino, one line per request with its request and
 * correlation ids), Prometheus metrics at /api/metrics, and the shutdown state that readiness reports.
 * Also the API's OpenAPI document (/api/openapi.json, /api/docs).
 * `logger`: the process's root pino logger when main.ts made one (its start-up lines went through it too).
 */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(config: AppConfig, logger?: Logger): DynamicModule {
    const root = logger ?? createRootLogger({ level: config.logLevel, format: config.logFormat, name: 'store' });
    return {
      module: ObservabilityModule,
      // The request logging middleware is mounted by createApp (server/app.ts) with app.use: mounted by Nest's
      // middleware consumer it would show up in the router as catch-all routes for every HTTP method.
      imports: [LoggerModule.forRoot({ pinoHttp: httpLogOptions(root), forRoutes: [] }), OutboxModule],
      controllers: [MetricsController, OpenApiController],
      providers: [
        { provide: StoreMetrics, useFactory: () => new StoreMetrics() },
        { provide: MetricsAccess, inject: [APP_CONFIG], useFactory: (app: AppConfig) => new MetricsAccess({ ...app.metrics, trustProxy: app.trustProxy !== false }) },
        MetricsCollector,
        ShutdownState,
        { provide: ROOT_LOGGER, useValue: root },
      ],
      exports: [StoreMetrics, ShutdownState, ROOT_LOGGER],
    };
  }
}
