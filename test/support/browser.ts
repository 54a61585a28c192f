import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './chromium';
import { newestMtime, withBuildLock } from './build-lock';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';
import { FAILED_TEST_GLOBAL } from './test-state';

export { CHROMIUM_PATH, launchBrowser } from './chromium';

const REPO_ROOT = resolve(__dirname, '../..');
const CLIENT_DIR = join(REPO_ROOT, 'client');
const CLIENT_INDEX = join(REPO_ROOT, 'dist/client/index.html');
const BUILD_LOCK = join(REPO_ROOT, '.data/client-build.lock');
export const SCREENSHOT_DIR = join(REPO_ROOT, '.data/screenshots');

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };

/** A phone-sized touch context (the store's main audience). */
export function newPhoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE_VIEWPORT,
    // A phone's pixel density only for the screenshots a person looks at: layout is the same, rastering a quarter.
    deviceScaleFactor: process.env.SCREENSHOTS ? 2 : 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    ...options,
  });
}

export function newDesktopContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'en-US', ...options });
}

/** Both form factors, for `describe.each(DEVICES)('on a $name', ...)`. */
export const DEVICES = [
  { name: 'phone', newContext: newPhoneContext },
  { name: 'desktop', newContext: newDesktopContext },
] as const;

export type DeviceName = (typeof DEVICES)[number]['name'];

type BrowserTest = (title: string, test: () => Promise<void>, timeout?: number) => void;
const notOnThisDevice: BrowserTest = () => undefined;

/**
 * A journey whose logic is the same on both form factors, run on one of them (issue 26: every page a browser test
 * opens costs about a CPU-second of Chromium, and the suite is CPU-bound). In a `describe.each(DEVICES)` block,
 * `itOn('phone', name)(title, test)` is `it` in the phone's block and declares nothing in the desktop's, so the
 * test runs once and its name says where. A test whose layout differs between the two (a menu, a side panel), and
 * each suite's main journey, stay a plain `it` and run on both.
 */
export function itOn(device: DeviceName, current: DeviceName): BrowserTest {
  return device === current ? it : notOnThisDevice;
}

/**
 * A named full-page screenshot at .data/screenshots/<name>.png, for a person to look at the page: taken only when
 * the run sets SCREENSHOTS=1 (each costs a few hundred milliseconds and asserts nothing). A failed browser test
 * gets screenshots of its pages whatever SCREENSHOTS says (useBrowserStore). Returns the path, or null.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string | null> {
  if (!process.env.SCREENSHOTS) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A fresh context of one form factor (a DEVICES entry's `newContext`) with one page, its errors collected; opened at `url` when given. */
export async function openPage(newContext: (browser: Browser) => Promise<BrowserContext>, browser: Browser, url?: string, initScript?: string) {
  const context = await newContext(browser);
  if (initScript) await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  if (url) await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/** Signs a staff account in through the console's login form (the page shows it at /admin) and waits for the console. */
export async function signInToConsole(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

/** Uncaught page errors and console errors (CSP violations, failed requests) seen by the page. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * The test server serves dist/client but builds nothing: build the client when it is missing or older
 * than any file under client/. A lock directory keeps parallel suites from building over each other.
 */
export interface BrowserStore {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The demo catalog's tiger tee, the product the checkout, account and console suites buy. */
  readonly tee: DemoTee;
}

export interface DemoTee {
  id: number;
  slug: string;
  name: string;
  /** Its Bengali name (the demo seed gives it one, issue 18). */
  name_bn: string | null;
  price: number;
  thumbnail: string;
}

/**
 * For a browser suite's describe block: the client built, a seeded store on 127.0.0.1 serving it, and
 * Chromium; both closed after the block. Read `server`, `browser` and `tee` in hooks and tests (set by beforeAll).
 */
export function useBrowserStore(options: () => TestServerOptions = () => ({})): BrowserStore {
  const state = {} as { server: TestServer; browser: Browser; tee: DemoTee };
  const contexts = new SuiteContexts();
  beforeAll(async () => {
    ensureClientBuilt();
    // `options` is read when the server starts, after the suite's earlier hooks (a fake gateway's address).
    state.server = await startTestServer(options());
    state.browser = contexts.watch(await launchBrowser());
    state.tee = await demoTee(state.server.baseUrl);
  }, 240_000);
  afterEach(() => contexts.afterTest());
  afterAll(async () => {
    await contexts.closeAll();
    await state.browser?.close();
    await state.server?.stop();
  });
  return state;
}

/** True once the page's app has taken over (RootLayout marks `<html data-ready>`), or when the page was not server-rendered. */
const TAKEN_OVER = "!document.getElementById('tb-first-page') || document.documentElement.dataset.ready === '1'";

/**
 * A server-rendered page (issue 33) shows its buttons before the app has taken them over: `goto` and `reload`
 * also wait for the app (a click before it would be lost), as they waited for the page's own rendering before.
 */
function awaitTakeOver(page: Page): void {
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      // Polled with evaluate: waitForFunction compiles its predicate in the page, which the store's CSP refuses.
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
        if (await page.evaluate(TAKEN_OVER).catch(() => true)) break;
      }
      return response;
    };
  }
}

/**
 * Context methods that leave something behind for the next test (a route, an init script, a listener, offline
 * mode...): a context a test called one of them on is closed at the test's end, never handed to another test.
 */
const LEAVES_STATE = [
  'on', 'once', 'addListener', 'prependListener', 'route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'setOffline',
  'setExtraHTTPHeaders', 'grantPermissions', 'setGeolocation', 'exposeBinding', 'exposeFunction', 'setHTTPCredentials',
  'setDefaultTimeout', 'setDefaultNavigationTimeout',
] as const;

/** A context of the suite, and what handing it to the next test needs. */
interface KeptContext {
  readonly key: string;
  /** Origins its pages visited, whose storage is cleared before the next test. */
  readonly origins: Set<string>;
  /** True once the test called one of LEAVES_STATE on it. */
  tainted: boolean;
  /** A blank page that stays open between tests: the context keeps its renderer process (see `release`). */
  keeper?: Page;
  close(): Promise<void>;
}

/**
 * The contexts of a suite's tests: keeps what a failed test saw, and hands a passed test's context to the next.
 *
 * - A context the test closes stays open until the test is over; when the test failed, every page of its contexts
 *   is saved to .data/screenshots/failed-<test>-<n>.png and the contexts are closed.
 * - When it passed, each context it closed is emptied as a new one is (its pages closed, cookies, permissions,
 *   the HTTP cache, and every visited origin's local storage, IndexedDB and service workers cleared) and handed
 *   to the next `browser.newContext` of the suite with the same options, unless the test left something in it
 *   that clearing does not undo (LEAVES_STATE). Issue 26: a new context costs Chromium a renderer process, about
 *   0.6 CPU-seconds more than a new page in a kept context with one blank page left open, and the browser suites
 *   open some 200.
 */
export class SuiteContexts {
  private readonly closed = new Set<BrowserContext>();
  private readonly open = new Set<BrowserContext>();
  private readonly kept = new Map<BrowserContext, KeptContext>();
  private readonly idle = new Map<string, BrowserContext[]>();

  watch(browser: Browser): Browser {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options?: BrowserContextOptions) => {
      const key = JSON.stringify(options ?? {});
      const reused = this.idle.get(key)?.pop();
      if (reused) {
        this.open.add(reused);
        return reused;
      }
      const context = await newContext(options);
      const kept: KeptContext = { key, origins: new Set(), tainted: false, close: context.close.bind(context) };
      context.on('page', (page) => {
        awaitTakeOver(page);
        page.on('framenavigated', (frame) => {
          const url = frame.url();
          if (/^https?:/.test(url)) kept.origins.add(new URL(url).origin);
        });
      });
      for (const method of LEAVES_STATE) {
        const original = (context[method] as (...args: unknown[]) => unknown).bind(context);
        (context as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          kept.tainted = true;
          return original(...args);
        };
      }
      this.kept.set(context, kept);
      this.open.add(context);
      context.close = async () => {
        this.open.delete(context);
        this.closed.add(context);
      };
      return context;
    };
    return browser;
  }

  async afterTest(): Promise<void> {
    const failed = (globalThis as Record<string, unknown>)[FAILED_TEST_GLOBAL];
    if (typeof failed === 'string') {
      const pages = [...this.closed, ...this.open].flatMap((context) => context.pages().filter((page) => page !== this.kept.get(context)?.keeper));
      const slug = failed.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      for (const [index, page] of pages.entries()) {
        const path = join(SCREENSHOT_DIR, `failed-${slug}-${index + 1}.png`);
        const saved = await page.screenshot({ path, fullPage: true, timeout: 10_000 }).then(() => true, () => false);
        if (saved) process.stderr.write(`screenshot of the failed test "${failed}": ${path}\n`);
      }
      await this.closeClosed();
      return;
    }
    const closing = [...this.closed];
    this.closed.clear();
    await Promise.all(closing.map((context) => this.release(context)));
  }

  async closeAll(): Promise<void> {
    for (const context of this.open) this.closed.add(context);
    for (const contexts of this.idle.values()) for (const context of contexts) this.closed.add(context);
    this.open.clear();
    this.idle.clear();
    await this.closeClosed();
  }

  /** Empties a passed test's context for the next test, or closes it when it cannot be. */
  private async release(context: BrowserContext): Promise<void> {
    const kept = this.kept.get(context);
    if (!kept || kept.tainted) return this.closeNow(context);
    try {
      // A blank page opened before the test's pages close keeps the context's renderer process alive, so the
      // next test's page does not start a new one.
      if (!kept.keeper || kept.keeper.isClosed()) kept.keeper = await context.newPage();
      const keeper = kept.keeper;
      await Promise.all(context.pages().filter((page) => page !== keeper).map((page) => page.close()));
      const session = await context.newCDPSession(keeper);
      for (const origin of kept.origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await session.send('Network.clearBrowserCache');
      await session.detach();
      await context.clearCookies();
      await context.clearPermissions();
      kept.origins.clear();
      const idle = this.idle.get(kept.key) ?? [];
      idle.push(context);
      this.idle.set(kept.key, idle);
    } catch {
      await this.closeNow(context);
    }
  }

  private async closeNow(context: BrowserContext): Promise<void> {
    await this.kept.get(context)?.close().catch(() => undefined);
    this.kept.delete(context);
  }

  private async closeClosed(): Promise<void> {
    const closing = [...this.closed];
    this.closed.clear();
    await Promise.all(closing.map((context) => this.closeNow(context)));
  }
}

/**
 * The demo catalog's tiger tee as productRow gives it: the product the checkout, account and console suites buy
 * (or another demo product by its slug).
 */
export async function demoTee<T = DemoTee>(baseUrl: string, slug = 'men-royal-bengal-tiger-tee'): Promise<T> {
  const response = await fetch(`${baseUrl}/api/public/productRow?slug=${slug}`);
  return ((await response.json()) as { data: T }).data;
}

export function ensureClientBuilt(): void {
  if (isClientBuildFresh()) return;
  withBuildLock(BUILD_LOCK, () => {
    if (isClientBuildFresh()) return; // another suite built it while we waited
    try {
      // The browser's bundle, then the server's renderer of the first HTML (issue 33) from the same sources.
      for (const ssr of [[], ['--ssr', 'src/entry-server.tsx']]) {
        execFileSync(
          process.execPath,
          [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...ssr, '--config', 'client/vite.config.mts', '--logLevel', 'warn'],
          { cwd: REPO_ROOT, stdio: 'pipe', timeout: 180_000, env: { ...process.env, NODE_ENV: 'production' } },
        );
      }
    } catch (error) {
      const output = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(
        `Building the client failed:\n${output.stdout?.toString() ?? ''}${output.stderr?.toString() ?? String(error)}`,
      );
    }
  });
}

function isClientBuildFresh(): boolean {
  const renderer = join(REPO_ROOT, 'dist', 'ssr', 'entry-server.cjs');
  if (!existsSync(CLIENT_INDEX) || !existsSync(renderer)) return false;
  const sources = Math.max(newestMtime(CLIENT_DIR), newestMtime(join(REPO_ROOT, 'contracts')));
  return statSync(CLIENT_INDEX).mtimeMs >= sources && statSync(renderer).mtimeMs >= sources;
}

