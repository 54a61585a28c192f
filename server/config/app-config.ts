import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env } from './env';
import type { TrustProxy } from './trust-proxy';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Settings after start-up has resolved them: absolute folders, the database chosen, the secret loaded. */
export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string;
  /** True when the database is the embedded one started by this process. */
  embeddedDatabase: boolean;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The HTTP SMS gateway; without `url` SMS are written as files under `DATA_DIR/sms`. */
  sms: { url: string | undefined; apiKey: string | undefined; senderId: string | undefined };
  /** What the demo transports' folders keep (DATA_DIR/mail, DATA_DIR/sms): the newest files, the days; 0 = no limit. */
  outboxFiles: { keepFiles: number; keepDays: number };
  /** Origins allowed in mail links; the first is the default. */
  appOrigins: string[];
  jwtSecret: string;
  /**
   * The master secret that wraps every person's key for personal fields in events (ADR 053): PERSONAL_DATA_KEY,
   * or, without it, the JWT secret (the vault derives its own keys from it with HKDF).
   */
  personalDataKey: string;
  /** The setting `personalDataKey` comes from, to name it when a backup was sealed under another key (ADR 052). */
  personalDataKeySetting: 'PERSONAL_DATA_KEY' | 'JWT_SECRET';
  dataDir: string;
  uploadsDir: string;
  clientDir: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  logFormat: Env['LOG_FORMAT'];
  /** FEED_TOKEN (issue 33): the catalogue feed's `?token=`; absent, the feed is open to anyone. */
  feedToken?: string;
  /** Who may read /api/metrics: a bearer token, and addresses / CIDR ranges allowed without it. */
  metrics: { token: string | undefined; allow: string[] };
  /** Milliseconds a client has to send a request's headers, then its body (REQUEST_HEADERS_TIMEOUT, REQUEST_BODY_TIMEOUT). */
  requestTimeLimits: { headersMs: number; bodyMs: number };
  /** Milliseconds a SIGTERM waits for work in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** At start: apply pending migrations under the migration lock, or wait until someone has (`npm run migrate`). */
  migrations: { onStart: 'apply' | 'wait'; waitSeconds: number };
  /** Whether this process runs the projections (off for extra API-only processes in tests). */
  runProjections: boolean;
  /** Whether this process subscribes mail-worthy events and sends the queued mail. */
  runMailWorker: boolean;
  /** Environment overrides of the checkout settings (issue 14); absent fields come from the settings row. */
  checkoutOverrides: {
    perIpHour?: number;
    unitsPerIpHour?: number;
    openOrdersPerPhone?: number;
    maxUnitsPerLine?: number;
    maxUnitsPerOrder?: number;
    pendingExpiryHours?: number;
  };
  /**
   * Payments through a gateway (issue 34): bKash's settings as given (all or none, checked where the gateway is
   * chosen), and the minutes an unpaid gateway order holds its stock. Absent: the defaults (demo, 20 minutes).
   */
  payments?: {
    bkash: { baseUrl: string; timeoutMs?: number; appKey: string | undefined; appSecret: string | undefined; username: string | undefined; password: string | undefined };
    holdMinutes: number;
  };
  /** Seconds between sweeps for pending orders past their deadline. */
  orderExpirySweepSeconds: number;
  /** Couriers (issue 29): the default, the polling of late parcels, the demo courier's timer and webhook token. */
  couriers: {
    defaultCourier: 'steadfast' | 'pathao' | 'redx' | 'demo' | 'manual' | undefined;
    pollHours: number;
    pollSeconds: number;
    /** COURIER_TIMEOUT_SECONDS, in milliseconds. */
    timeoutMs: number;
    /** PAYOUT_UNPAID_DAYS: a delivered parcel unpaid for longer is listed by the reconciliation. */
    unpaidDays: number;
    demoStepSeconds: number;
    demoWebhookToken: string | undefined;
    /** The live couriers' settings (STEADFAST_…, PATHAO_…, REDX_…): a courier whose settings are all unset is not offered. */
    live?: LiveCourierSettings;
  };
  /** scrypt cost for new password hashes: `owasp` everywhere but test servers (PASSWORD_HASH_COST). */
  passwordHashCost: Env['PASSWORD_HASH_COST'];
  /** Express's 'trust proxy' value: which proxies' X-Forwarded-For decides the client address (false: none). */
  trustProxy: TrustProxy;
}

/** The repository root, whether this file runs from server/ (tests) or from dist/server/ (built). */
export const PROJECT_ROOT = findProjectRoot(__dirname);

function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export function folders(dataDir: string) {
  const absolute = resolve(PROJECT_ROOT, dataDir);
  return {
    dataDir: absolute,
    uploadsDir: resolve(absolute, 'uploads'),
    clientDir: resolve(PROJECT_ROOT, 'dist', 'client'),
  };
}

/** The settings of the live couriers (docs/couriers.md), as the environment gives them. */
export type LiveCourierSettings = Pick<
  Env,
  | 'STEADFAST_BASE_URL'
  | 'STEADFAST_API_KEY'
  | 'STEADFAST_SECRET_KEY'
  | 'STEADFAST_WEBHOOK_TOKEN'
  | 'PATHAO_BASE_URL'
  | 'PATHAO_CLIENT_ID'
  | 'PATHAO_CLIENT_SECRET'
  | 'PATHAO_USERNAME'
  | 'PATHAO_PASSWORD'
  | 'PATHAO_STORE_ID'
  | 'PATHAO_WEBHOOK_SECRET'
  | 'REDX_BASE_URL'
  | 'REDX_TOKEN'
  | 'REDX_WEBHOOK_TOKEN'
>;
