import { isIP } from 'node:net';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy';

/**
 * Every setting the server reads from the environment, parsed once at start. A bad value stops the
 * process with a message naming the variable, never a half-configured server.
 */
const urlWithProtocols = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optional(urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:'])),
  REDIS_URL: optional(urlWithProtocols('REDIS_URL', ['redis:', 'rediss:'])),
  SMTP_URL: optional(urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:'])),
  /** Without a value: the origin the store serves on, http://localhost:<PORT> (filled in by parseEnv). */
  APP_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const origin of origins) {
        try {
          const url = new URL(origin);
          if (url.origin !== origin.replace(/\/$/, '')) throw new Error('not an origin');
        } catch {
          ctx.addIssue({ code: 'custom', message: `APP_ORIGINS has "${origin}", which is not an origin such as https://shop.example.com` });
          return z.NEVER;
        }
      }
      if (origins.length === 0 && value.trim() !== '') {
        ctx.addIssue({ code: 'custom', message: 'APP_ORIGINS must name at least one origin' });
        return z.NEVER;
      }
      return origins.map((origin) => origin.replace(/\/$/, ''));
    }),
  /** An HTTP SMS gateway (server/sms/gateway/sms-gateway.ts); unset, SMS are written as files under DATA_DIR/sms. */
  SMS_URL: optional(urlWithProtocols('SMS_URL', ['http:', 'https:'])),
  SMS_API_KEY: optional(z.string().trim().min(1)),
  SMS_SENDER_ID: optional(z.string().trim().min(1).max(20)),
  /**
   * Live couriers (server/fulfilment/couriers, docs/couriers.md). Each is configured by all of its settings but
   * the base URL, or by none (then it is not offered); half of them stops the start naming the missing ones.
   */
  STEADFAST_BASE_URL: urlWithProtocols('STEADFAST_BASE_URL', ['http:', 'https:']).default('https://portal.packzy.com/api/v1'),
  STEADFAST_API_KEY: optional(z.string().trim().min(1)),
  STEADFAST_SECRET_KEY: optional(z.string().trim().min(1)),
  /** The Bearer token typed into Steadfast's webhook settings; Steadfast's calls must carry it. */
  STEADFAST_WEBHOOK_TOKEN: optional(z.string().trim().min(16, 'STEADFAST_WEBHOOK_TOKEN must be at least 16 characters')),
  PATHAO_BASE_URL: urlWithProtocols('PATHAO_BASE_URL', ['http:', 'https:']).default('https://api-hermes.pathao.com'),
  PATHAO_CLIENT_ID: optional(z.string().trim().min(1)),
  PATHAO_CLIENT_SECRET: optional(z.string().trim().min(1)),
  PATHAO_USERNAME: optional(z.string().trim().min(1)),
  PATHAO_PASSWORD: optional(z.string().min(1)),
  PATHAO_STORE_ID: optional(z.coerce.number().int('PATHAO_STORE_ID must be a whole number').positive('PATHAO_STORE_ID must be a store id')),
  /** The secret typed into Pathao's webhook form; Pathao sends it back in `X-PATHAO-Signature`. */
  PATHAO_WEBHOOK_SECRET: optional(z.string().trim().min(16, 'PATHAO_WEBHOOK_SECRET must be at least 16 characters')),
  REDX_BASE_URL: urlWithProtocols('REDX_BASE_URL', ['http:', 'https:']).default('https://openapi.redx.com.bd/v1.0.0-beta'),
  REDX_TOKEN: optional(z.string().trim().min(1)),
  /** The `?token=` of the callback URL given to RedX; RedX's calls must carry it. */
  REDX_WEBHOOK_TOKEN: optional(z.string().trim().min(16, 'REDX_WEBHOOK_TOKEN must be at least 16 characters')),
  /**
   * bKash tokenized checkout (server/payments, ADR 060): all four credentials or none (then the demo gateway runs).
   * BKASH_BASE_URL is the sandbox unless set (live: https://tokenized.pay.bka.sh/v1.2.0-beta/tokenized/checkout).
   */
  BKASH_BASE_URL: urlWithProtocols('BKASH_BASE_URL', ['http:', 'https:']).default('https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout'),
  BKASH_APP_KEY: optional(z.string().trim().min(1)),
  BKASH_APP_SECRET: optional(z.string().trim().min(1)),
  BKASH_USERNAME: optional(z.string().trim().min(1)),
  BKASH_PASSWORD: optional(z.string().min(1)),
  /** Seconds bKash has to answer a call (30 by bKash's guidance); an execute not answered in time is followed by a status query. */
  BKASH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(30),
  /** Minutes an order waiting for its gateway payment holds its stock before it expires (issue 34). */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int('PAYMENT_HOLD_MINUTES must be a whole number of minutes').min(1).max(1440).default(20),
  /**
   * The demo transports' outbox folders (DATA_DIR/mail without SMTP_URL, DATA_DIR/sms without SMS_URL) keep the
   * newest OUTBOX_FILES_KEEP files each and none older than OUTBOX_FILES_DAYS days; 0 turns a limit off.
   */
  OUTBOX_FILES_KEEP: z.coerce.number().int('OUTBOX_FILES_KEEP must be a whole number').min(0).default(2_000),
  OUTBOX_FILES_DAYS: z.coerce.number().min(0, 'OUTBOX_FILES_DAYS must be 0 or more').default(30),
  JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET must be at least 32 characters')),
  PERSONAL_DATA_KEY: optional(z.string().min(32, 'PERSONAL_DATA_KEY must be at least 32 characters')),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** `json` (one JSON object a line, for log collectors) or `pretty` (coloured text for a developer's terminal). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** A bearer token that opens /api/metrics from anywhere (`Authorization: Bearer <token>`). */
  METRICS_TOKEN: optional(z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters')),
  /** Addresses and CIDR ranges that may read /api/metrics without the token (directly, not through a proxy). */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1')
    .transform((value, ctx) => {
      const entries = value.split(',').map((item) => item.trim()).filter(Boolean);
      for (const entry of entries) {
        const [address, bits, extra] = entry.split('/');
        const family = isIP(address);
        const maxBits = family === 6 ? 128 : 32;
        if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))) {
          ctx.addIssue({ code: 'custom', message: `METRICS_ALLOW has "${entry}", which is not an address or a CIDR range such as 10.0.0.0/8` });
          return z.NEVER;
        }
      }
      return entries;
    }),
  /**
   * Seconds a client has to send a request's headers, and then its body (issue 27: a trickled body held its
   * connection for a minute). A request has at most their sum to arrive; raise the body's for slow uploads.
   */
  REQUEST_HEADERS_TIMEOUT: z.coerce.number().min(1).max(300).default(10),
  REQUEST_BODY_TIMEOUT: z.coerce.number().min(1).max(3600).default(20),
  /** Seconds a SIGTERM waits for requests and batches in flight before the process exits anyway. */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(1).max(300).default(10),
  /**
   * Seconds a SIGTERM keeps serving (readiness already 503) before it closes the listening socket, so a load
   * balancer's health check takes the process out first. 0: stop accepting at once (no balancer in front).
   */
  SHUTDOWN_DRAIN_DELAY: z.coerce.number().min(0).max(60).default(0),
  /** `off` for an API-only process: projections then run in the other processes (one per projection). */
  PROJECTIONS: z.enum(['on', 'off']).default('on'),
  /**
   * `apply`: this process applies pending migrations at start, under an advisory lock (one process at a time);
   * `wait`: it applies none and waits until `npm run migrate` has (server/database/schema-migrations.ts).
   */
  MIGRATIONS: z.enum(['apply', 'wait']).default('apply'),
  /** Seconds a `MIGRATIONS=wait` process waits for the database to be migrated before it gives up. */
  MIGRATION_WAIT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  /** `npm run worker`'s health and metrics port (server/observability/worker-endpoint.ts); 0: none. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** The interface the worker's health and metrics listen on: loopback unless a scraper elsewhere must reach it. */
  WORKER_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** `off` for an API-only process: mail is then sent by `npm run worker` or another server process. */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  /**
   * Overrides of the store's checkout settings (issue 14), for benchmarks and tests; unset, the settings
   * (admin-editable) apply. 0 turns the per-address and per-phone limits off.
   */
  CHECKOUT_LIMIT_PER_IP_HOUR: optional(z.coerce.number().int('CHECKOUT_LIMIT_PER_IP_HOUR must be a whole number').min(0)),
  COD_OPEN_ORDERS_PER_PHONE: optional(z.coerce.number().int('COD_OPEN_ORDERS_PER_PHONE must be a whole number').min(0)),
  /** Units one client address may hold in unconfirmed orders of the last hour (issue 27); 0 = off. */
  CHECKOUT_UNITS_PER_IP_HOUR: optional(z.coerce.number().int('CHECKOUT_UNITS_PER_IP_HOUR must be a whole number').min(0)),
  MAX_UNITS_PER_LINE: optional(z.coerce.number().int('MAX_UNITS_PER_LINE must be a whole number').min(1)),
  MAX_UNITS_PER_ORDER: optional(z.coerce.number().int('MAX_UNITS_PER_ORDER must be a whole number').min(1)),
  /** Hours a pending order lives before it expires (fractions allowed: 0.01 is 36 seconds). */
  PENDING_ORDER_EXPIRY_HOURS: optional(z.coerce.number().positive('PENDING_ORDER_EXPIRY_HOURS must be more than 0')),
  /** How often each process sweeps for pending orders past their deadline. */
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().positive().default(60),
  /**
   * Couriers (issue 29): the courier a booking uses when care names none (the first live courier configured, or
   * the demo, when unset); parcels whose last step is older than COURIER_POLL_HOURS and not final are read back
   * from their courier every COURIER_POLL_SECONDS (webhooks can be late or lost).
   */
  DEFAULT_COURIER: optional(z.enum(['steadfast', 'pathao', 'redx', 'demo', 'manual'])),
  COURIER_POLL_HOURS: z.coerce.number().positive('COURIER_POLL_HOURS must be more than 0').default(6),
  COURIER_POLL_SECONDS: z.coerce.number().positive('COURIER_POLL_SECONDS must be more than 0').default(900),
  /** How long a live courier's API is given to answer before the call counts as timed out (the booking then asks by invoice). */
  COURIER_TIMEOUT_SECONDS: z.coerce.number().positive('COURIER_TIMEOUT_SECONDS must be more than 0').default(10),
  /** A delivered parcel with no payout after PAYOUT_UNPAID_DAYS days is listed by the payouts reconciliation. */
  PAYOUT_UNPAID_DAYS: z.coerce.number().int('PAYOUT_UNPAID_DAYS must be a whole number').positive('PAYOUT_UNPAID_DAYS must be more than 0').default(10),
  /** The demo courier moves each of its parcels one step on every DEMO_COURIER_STEP_SECONDS; 0 (the default): only care's button does. */
  DEMO_COURIER_STEP_SECONDS: z.coerce.number().min(0, 'DEMO_COURIER_STEP_SECONDS must be 0 or more').default(0),
  /** The bearer token the demo courier's webhooks carry (to try the webhook route by hand); unset, none is accepted. */
  /** Issue 33: with it, the Facebook / Instagram catalogue feed (`/feeds/facebook.csv`, `.xml`) answers only `?token=<it>`. */
  FEED_TOKEN: optional(z.string().trim().min(16, 'FEED_TOKEN must be at least 16 characters').regex(/^[A-Za-z0-9._~-]+$/, 'FEED_TOKEN may hold only letters, digits and . _ ~ - (it travels in a URL)')),
  DEMO_COURIER_WEBHOOK_TOKEN: optional(z.string().trim().min(16, 'DEMO_COURIER_WEBHOOK_TOKEN must be at least 16 characters')),
  /** Proxies believed about the client address (Express 'trust proxy'): none, a hop count, or addresses/CIDRs. */
  /**
   * `test`: a cheap scrypt cost (N=2^10, about 1 MiB and a millisecond a hash) so that test servers and their
   * sign-ins do not spend seconds each on 128 MiB hashes. Refused unless NODE_ENV=test; hashes made with it are
   * rehashed at the production cost on the next good sign-in of a production process.
   */
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  /**
   * `allow`: a production-mode process may seed the demo store (benchmarks and test harnesses that measure the
   * production build on demo data). Never on a real store: the demo staff's passwords are in the README.
   */
  DEMO_STORE_IN_PRODUCTION: z.enum(['allow', 'refuse']).default('refuse'),
  TRUST_PROXY: z
    .string()
    .default('none')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed.value;
    }),
}).refine((env) => env.PASSWORD_HASH_COST === 'owasp' || env.NODE_ENV === 'test', {
    path: ['PASSWORD_HASH_COST'],
    message: 'PASSWORD_HASH_COST=test is allowed only with NODE_ENV=test: production passwords use the OWASP cost',
  });

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/**
 * What a production process must be told rather than guess (issue 28): a development default there would be a
 * demo admin with a published password, personal fields sealed under the token secret, or links in SMS and
 * mail that lead to localhost. Each problem names its setting.
 */
function productionProblems(source: NodeJS.ProcessEnv, env: Env): string[] {
  const problems: string[] = [];
  const given = (name: string) => (source[name] ?? '').trim() !== '';
  if (env.SEED_DEMO && env.DEMO_STORE_IN_PRODUCTION !== 'allow') {
    problems.push(
      "SEED_DEMO: set SEED_DEMO=false in production; the demo seed creates staff accounts whose passwords are published in the README (add the first admin with `npm run staff`, as the README's production section says)",
    );
  }
  if (!given('JWT_SECRET')) problems.push('JWT_SECRET: required in production, at least 32 random characters (e.g. `openssl rand -base64 48`)');
  if (!given('PERSONAL_DATA_KEY')) {
    problems.push('PERSONAL_DATA_KEY: required in production, at least 32 random characters, kept apart from backups (ADR 053)');
  } else if (source.PERSONAL_DATA_KEY === source.JWT_SECRET) {
    problems.push('PERSONAL_DATA_KEY: must differ from JWT_SECRET, so that rotating one does not lose the other');
  }
  if (!given('APP_ORIGINS')) {
    problems.push('APP_ORIGINS: required in production, the origins shoppers open the shop on (e.g. https://shop.example.com); links in SMS and mail lead there');
  }
  return problems;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success && result.data.NODE_ENV === 'production') {
    const problems = productionProblems(source, result.data);
    if (problems.length > 0) throw new InvalidEnvironmentError(problems);
  }
  if (result.success) {
    // Mail links must lead back to this store: by default the port it actually listens on.
    const { APP_ORIGINS, PORT } = result.data;
    return APP_ORIGINS.length > 0 ? result.data : { ...result.data, APP_ORIGINS: [`http://localhost:${PORT}`] };
  }
  throw new InvalidEnvironmentError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
  );
}
