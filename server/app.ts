import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { unknownPageAs404 } from './common/http/unknown-page.middleware';
import { AppConfig } from './config/app-config';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Builds the HTTP application: API under /api, uploads and the built client beside it, one port. */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    // Fail by throwing, not by process.exit: main() reports it, and a test run is not killed by one suite.
    abortOnError: false,
    logger: LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(config.logLevel) + 1),
  });
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Served over plain HTTP on a developer's machine; TLS is the proxy's business in production.
          upgradeInsecureRequests: null,
          imgSrc: ["'self'", 'data:'],
        },
      },
    }),
  );
  // Phones on slow networks: the client's JavaScript and the API's JSON shrink about four times.
  app.use(compression());
  app.use(unknownPageAs404(config.clientDir));
  app.useBodyParser('json', { limit: '100kb' });
  app.useBodyParser('urlencoded', { limit: '100kb', extended: false });
  app.setGlobalPrefix('api');
  return app;
}
