import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/** Debian's Chromium; the architecture (§8) names it, and tests fail rather than skip without it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Set by the jest global setup when the run shares one Chromium (scripts/test.mjs's browser lane): its address. */
export const SHARED_BROWSER_VARIABLE = 'STORE_TEST_BROWSER_WS';

const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Chromium for one suite: a connection to the run's shared Chromium when the global setup started one (closing
 * it closes the suite's contexts and disconnects), or a Chromium of its own (a single suite run by hand).
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_VARIABLE];
  if (shared) return chromium.connect(shared);
  assertChromiumInstalled();
  return chromium.launch(CHROMIUM_OPTIONS);
}

/** The run's shared Chromium, started by the global setup; suites connect to `wsEndpoint()`. */
export function launchSharedBrowser(): Promise<BrowserServer> {
  assertChromiumInstalled();
  return chromium.launchServer(CHROMIUM_OPTIONS);
}

function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}, which is missing. Install it with: apt-get install chromium`,
    );
  }
}

