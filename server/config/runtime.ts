import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config';
import { folders } from './app-config';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { Env } from './env';

export interface Runtime {
  config: AppConfig;
  /** Stops what start-up launched (the embedded PostgreSQL), after the app has closed. */
  stop(): Promise<void>;
}

/**
 * Turns the parsed environment into a running configuration: the data folder, the database (embedded when
 * DATABASE_URL is absent) and the JWT secret (generated once and kept under the data folder in development).
 */
export async function prepareRuntime(env: Env, log: (message: string) => void): Promise<Runtime> {
  const paths = folders(env.DATA_DIR);
  mkdirSync(paths.uploadsDir, { recursive: true });

  let databaseUrl = env.DATABASE_URL;
  let stop = async () => undefined as void;
  if (!databaseUrl) {
    const started = Date.now();
    const embedded = await startEmbeddedPostgres({ dataDir: join(paths.dataDir, 'pg'), database: 'store' });
    databaseUrl = embedded.url;
    stop = () => embedded.stop();
    log(`Embedded PostgreSQL ready in ${Date.now() - started} ms (data in ${join(paths.dataDir, 'pg')})`);
  }

  const jwtSecret = env.JWT_SECRET ?? developmentJwtSecret(env, paths.dataDir, log);
  return {
    config: {
      nodeEnv: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      databaseUrl,
      embeddedDatabase: !env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      smtpUrl: env.SMTP_URL,
      sms: { url: env.SMS_URL, apiKey: env.SMS_API_KEY, senderId: env.SMS_SENDER_ID },
      outboxFiles: { keepFiles: env.OUTBOX_FILES_KEEP, keepDays: env.OUTBOX_FILES_DAYS },
      appOrigins: env.APP_ORIGINS,
      jwtSecret,
      personalDataKey: env.PERSONAL_DATA_KEY ?? jwtSecret,
      personalDataKeySetting: env.PERSONAL_DATA_KEY ? 'PERSONAL_DATA_KEY' : 'JWT_SECRET',
      ...paths,
      seedDemo: env.SEED_DEMO,
      logLevel: env.LOG_LEVEL,
      logFormat: env.LOG_FORMAT,
      metrics: { token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW },
      ...(env.FEED_TOKEN ? { feedToken: env.FEED_TOKEN } : {}),
      requestTimeLimits: { headersMs: env.REQUEST_HEADERS_TIMEOUT * 1000, bodyMs: env.REQUEST_BODY_TIMEOUT * 1000 },
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
      migrations: { onStart: env.MIGRATIONS, waitSeconds: env.MIGRATION_WAIT_SECONDS },
      runProjections: env.PROJECTIONS === 'on',
      runMailWorker: env.MAIL_WORKER === 'on',
      checkoutOverrides: withoutUndefined({
        perIpHour: env.CHECKOUT_LIMIT_PER_IP_HOUR,
        unitsPerIpHour: env.CHECKOUT_UNITS_PER_IP_HOUR,
        openOrdersPerPhone: env.COD_OPEN_ORDERS_PER_PHONE,
        maxUnitsPerLine: env.MAX_UNITS_PER_LINE,
        maxUnitsPerOrder: env.MAX_UNITS_PER_ORDER,
        pendingExpiryHours: env.PENDING_ORDER_EXPIRY_HOURS,
      }),
      payments: {
        bkash: { baseUrl: env.BKASH_BASE_URL, timeoutMs: env.BKASH_TIMEOUT_SECONDS * 1000, appKey: env.BKASH_APP_KEY, appSecret: env.BKASH_APP_SECRET, username: env.BKASH_USERNAME, password: env.BKASH_PASSWORD },
        holdMinutes: env.PAYMENT_HOLD_MINUTES,
      },
      orderExpirySweepSeconds: env.ORDER_EXPIRY_SWEEP_SECONDS,
      couriers: {
        defaultCourier: env.DEFAULT_COURIER,
        pollHours: env.COURIER_POLL_HOURS,
        pollSeconds: env.COURIER_POLL_SECONDS,
        timeoutMs: env.COURIER_TIMEOUT_SECONDS * 1000,
        unpaidDays: env.PAYOUT_UNPAID_DAYS,
        demoStepSeconds: env.DEMO_COURIER_STEP_SECONDS,
        demoWebhookToken: env.DEMO_COURIER_WEBHOOK_TOKEN,
        live: env,
      },
      trustProxy: env.TRUST_PROXY,
      passwordHashCost: env.PASSWORD_HASH_COST,
    },
    stop,
  };
}

function developmentJwtSecret(env: Env, dataDir: string, log: (message: string) => void): string {
  if (env.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  log(`Generated a development JWT secret in ${file}`);
  return secret;
}

function withoutUndefined<T extends Record<string, number | undefined>>(values: T): { [K in keyof T]?: number } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: number };
}
