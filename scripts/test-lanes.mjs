/**
 * The lanes `npm test` runs side by side (scripts/test.mjs, ADR 046): which suites each holds, as jest's path
 * patterns (regular expressions over a suite's absolute path; `ignore` goes to --testPathIgnorePatterns), and
 * whether it shares the run's Chromium or the PostgreSQL of DATABASE_URL. Suites are named by file so the lanes
 * take about the same time on this 2-core machine; test/architecture/test-lanes.spec.ts checks that every suite
 * runs in exactly one lane.
 */
const e2e = (...files) => files.map((file) => `/test/e2e/${file}\\.e2e-spec\\.ts$`);
const api = (...files) => files.map((file) => `/test/api/${file}\\.api-spec\\.ts$`);

/** The second browser lane: the console's and checkout's browser suites. */
const BROWSER_TWO = e2e('catalog-admin', 'checkout', 'account', 'admin', 'cash-on-delivery', 'staff-invitation', 'care-phone');
/** Beside it, the security and architecture suites that take longest. */
const SLOW_SECURITY = ['/test/security/fuzz-routes', '/test/security/limits-without-lockout', '/test/architecture/'];
/** The API suites that take longest, in a lane of their own. */
const API_ONE = api(
  'logs-and-shutdown', 'checkout-concurrency', 'openapi', 'backup-restore', 'order-expiry', 'phone-codes', 'accounts-recovery',
  'bkash-payments', 'metrics-and-health', 'live-couriers', 'catalog-admin', 'mail', 'first-run-setup', 'mail-queue', 'returns',
  'first-html',
);
/** API suites that wait more than they compute, beside the first browser lane, whose suites finish first. */
const BESIDE_BROWSER = api('production-start', 'cod-limits', 'lucky-draw', 'orders', 'sms', 'operations', 'rebuild-under-load');

/**
 * @returns {{ name: string, paths: string[], ignore: string[], sharedBrowser: boolean, sharedDatabase: boolean }[]}
 */
export function testLanes() {
  return [
    // One Chromium per browser lane (the global setup starts it). Only the first runs on DATABASE_URL when set:
    // no two lanes share a PostgreSQL server (an open transaction in one suite's database holds back the safe
    // global order, xmin being server-wide, that another suite's projections read up to).
    { name: 'browser', paths: ['/test/e2e/', ...BESIDE_BROWSER], ignore: ['/node_modules/', ...BROWSER_TWO], sharedBrowser: true, sharedDatabase: true },
    { name: 'browser 2, fuzz and architecture', paths: [...BROWSER_TWO, ...SLOW_SECURITY], ignore: ['/node_modules/'], sharedBrowser: true, sharedDatabase: false },
    // Load and fault suites (servers killed, PostgreSQL and Redis restarted) and the other security suites.
    { name: 'load and security', paths: ['/test/load/', '/test/security/'], ignore: ['/node_modules/', ...SLOW_SECURITY], sharedBrowser: false, sharedDatabase: false },
    { name: 'api', paths: API_ONE, ignore: ['/node_modules/'], sharedBrowser: false, sharedDatabase: false },
    // Everything else: the other API suites and the specs beside the code.
    {
      name: 'api and units',
      paths: [],
      ignore: ['/node_modules/', '/test/e2e/', '/test/load/', '/test/security/', '/test/architecture/', ...API_ONE, ...BESIDE_BROWSER],
      sharedBrowser: false,
      sharedDatabase: false,
    },
  ];
}

/** jest's arguments for a lane: its paths, then the patterns it ignores. */
export function laneArguments(lane) {
  return [...lane.paths, '--testPathIgnorePatterns', ...lane.ignore];
}
