import { DynamicModule, Logger as NestLogger, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { AccountsModule } from './accounts/accounts.module';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { prepareSchema } from './database/schema-migrations';
import { DataSource } from 'typeorm';
import { CatalogModule } from './catalog/catalog.module';
import { HASHED_PICTURE } from './catalog/pictures/product-pictures';
import { EventStoreModule } from './event-store/event-store.module';
import { HealthModule } from './health/health.module';
import { ObservabilityModule } from './observability/observability.module';
import { MailModule } from './mail/mail.module';
import { SmsModule } from './sms/sms.module';
import { OutsideModule } from './outside/outside-services';
import { InventoryModule } from './inventory/inventory.module';
import { SeedModule } from './seed/seed.module';
import { OperationsModule } from './operations/operations.module';
import { OrderingModule } from './ordering/ordering.module';
import { PaymentsModule } from './payments/payments.module';
import { FulfilmentModule } from './fulfilment/fulfilment.module';
import { ReturnsModule } from './returns/returns.module';
import { PromotionsModule } from './promotions/promotions.module';
import { PrivacyModule } from './privacy/privacy.module';

@Module({})
export class AppModule {
  /** `logger`: the process's root pino logger, when the entry point made one for its start-up lines. */
  static forRoot(config: AppConfig, logger?: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ObservabilityModule.forRoot(config, logger),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions({ url: config.databaseUrl, applicationName: 'store-api' }), retryAttempts: 5, retryDelay: 1_000 }),
          // The schema is ready before any module reads it: migrated here under the lock, or waited for.
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            // Nest's own logger is buffered until the application exists: a wait must be said while it lasts.
            const say = (message: string) => (logger ? logger.info({ context: 'Migrations' }, message) : new NestLogger('Migrations').log(message));
            await prepareSchema(dataSource, config.migrations.onStart, say, config.migrations.waitSeconds);
            return dataSource;
          },
        }),
        CqrsModule.forRoot(),
        OutsideModule,
        EventStoreModule.forRoot({ runProjections: config.runProjections }),
        InventoryModule,
        CatalogModule,
        SeedModule,
        AccountsModule,
        PromotionsModule,
        OrderingModule,
        PaymentsModule,
        FulfilmentModule,
        ReturnsModule,
        MailModule,
        SmsModule,
        OperationsModule,
        PrivacyModule,
        HealthModule,
        ServeStaticModule.forRoot(
          {
            rootPath: config.uploadsDir,
            serveRoot: '/uploads',
            serveStaticOptions: { fallthrough: false, maxAge: '7d', index: false, setHeaders: cacheUploads },
          },
          {
            rootPath: config.clientDir,
            exclude: ['/api/{*path}', '/uploads/{*path}'],
            serveStaticOptions: { index: false, setHeaders: cacheClientAssets },
          },
        ),
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}

/** Uploaded product pictures are named by their content's hash: a name never gets other bytes, so a year, immutable. */
function cacheUploads(response: Response, path: string): void {
  const name = path.split(/[\\/]/).pop() ?? '';
  if (HASHED_PICTURE.test(name)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

/** Vite's hashed assets never change under a name; index.html must always be revalidated. */
function cacheClientAssets(response: Response, path: string): void {
  response.setHeader(
    'Cache-Control',
    /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}
