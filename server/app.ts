import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { join } from 'node:path';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { PRECOMPRESSED_PATHS } from './catalog/api/public-catalog.controller';
import { FirstHtmlPages } from './catalog/first-html/first-html-pages';
import { applyRequestTimeLimits, requestBodyTimeLimit } from './common/http/request-time-limits';
import { STORE_FILE_PATHS } from './common/http/store-files';
import { unknownPageAs404 } from './common/http/unknown-page.middleware';
import { AppConfig } from './config/app-config';
import { requestLogging } from './observability/logging/log-options';
import { httpMetrics } from './observability/metrics/http-metrics';
import { ROOT_LOGGER } from './observability/observability.module';
import { StoreMetrics } from './observability/metrics/store-metrics';
import { ShutdownState } from './observability/shutdown/shutdown-state';
import { privateReturnPhotos } from './returns/photos/private-photos.middleware';

/** Builds the HTTP application: API under /api, uploads and the built client beside it, one port. */
export async function createApp(config: AppConfig, logger?: Logger): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    bodyParser: false,
    // Fail by throwing, not by process.exit: main() reports it, and a test run is not killed by one suite.
    abortOnError: false,
    // Nest's own start-up lines wait for the JSON logger below instead of going out as plain text.
    bufferLogs: true,
  });
  app.useLogger(app.get(NestPinoLogger));
  applyRequestTimeLimits(app.getHttpServer(), config.requestTimeLimits);
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  app.use(httpMetrics(app.get(StoreMetrics)));
  app.use(requestBodyTimeLimit(config.requestTimeLimits.bodyMs));
  const shutdown = app.get(ShutdownState);
  app.use((_request: Request, response: Response, next: NextFunction) => {
    // A closing process lets no connection be reused for another request (see server/observability/shutdown).
    if (shutdown.draining) response.setHeader('Connection', 'close');
    next();
  });
  // TRUST_PROXY: with none (the default) X-Forwarded-For is ignored and rate limits count the socket's peer.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Served over plain HTTP on a developer's machine; TLS is the proxy's business in production.
          upgradeInsecureRequests: null,
          // blob: the console's preview of a picture before it is uploaded.
          imgSrc: ["'self'", 'data:', 'blob:'],
        },
      },
    }),
  );
  // The storefront's landing pages as server-rendered HTML (issue 33), compressed once per rendered page.
  app.use(app.get(FirstHtmlPages).middleware());
  // The built client's scripts and styles as the build compressed them (Brotli 11, gzip 9: name.js.br, name.js.gz
  // beside name.js), so no request pays for compressing them and each is at its smallest (issue 33).
  app.use('/assets', builtAssets(join(config.clientDir, 'assets')));
  // Phones on slow networks: the client's JavaScript and the API's JSON shrink about four times.
  app.use(compressUnlessPrecompressed(PRECOMPRESSED_PATHS));
  app.use(unknownPageAs404(config.clientDir));
  // Shoppers' return photos are kept under the uploads folder but never served from it (issue 35).
  app.use(privateReturnPhotos());
  app.useBodyParser('json', { limit: '100kb' });
  app.useBodyParser('urlencoded', { limit: '100kb', extended: false });
  // The sitemap, robots.txt and the catalogue feed live at the root, where crawlers and Meta look for them.
  app.setGlobalPrefix('api', { exclude: STORE_FILE_PATHS.map((path) => path.slice(1)) });
  return app;
}

/**
 * The compression middleware, except for the calls whose answers come compressed already (the catalog's
 * cached answers, compressed once per answer): wrapping a response costs the middleware more than such an
 * answer costs to send. Another spelling of such a path (Express's routes ignore case) goes through the
 * middleware, which leaves an answer already encoded alone.
 */
function compressUnlessPrecompressed(paths: readonly string[]) {
  const compress = compression();
  const precompressed = new Set(paths);
  return (request: Request, response: Response, next: NextFunction) =>
    (request.method === 'GET' || request.method === 'HEAD') && precompressed.has(request.path) ? next() : compress(request, response, next);
}

/**
 * The client's hashed build files under /assets: the Brotli or gzip file the build wrote beside each one when the
 * browser accepts it (Brotli first: browsers list it last), else the file itself; a year and immutable, since a
 * name never gets other bytes. express-static-gzip lists the compressed files once, when the process starts: a
 * client built after that (never in production, where a deploy builds, then starts) is sent uncompressed until
 * the next start. A name it does not have goes on (the unknown-page 404).
 */
function builtAssets(dir: string) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, fallthrough: true, immutable: true, maxAge: '1y' },
  });
}
