import type { Browser, CDPSession } from 'playwright-core';

/**
 * The slow-phone profile (issue 33): a cheap Android phone on a poor mobile connection. Chromium's own
 * throttling through the DevTools protocol (not Lighthouse's simulation): 400 kbps down and up, 400 ms
 * latency, a CPU 4x slower; every run in a fresh browser context, so the cache is cold. Each page is opened
 * RUNS times and the median of each figure is reported.
 */
export const SLOW_PHONE = { downloadKbps: 400, uploadKbps: 400, latencyMs: 400, cpuSlowdown: 4, viewport: { width: 360, height: 740 } } as const;
export const SLOW_PHONE_BARS = { contentMs: 3_000, usableMs: 5_000 } as const;

export const SLOW_PHONE_PAGES = [
  { name: 'home', path: '/', kind: 'home' },
  { name: 'home-bn', path: '/?lang=bn', kind: 'home' },
  { name: 'product', path: '/product-details/men-royal-bengal-tiger-tee', kind: 'product' },
  { name: 'product-bn', path: '/product-details/men-royal-bengal-tiger-tee?lang=bn', kind: 'product' },
] as const;

/** What the page shows as "content" (a product's name and price) and the control that must work ("Add to cart"). */
const SELECTORS = {
  home: { name: '.product-card__name', price: '.product-card__price', add: '.product-card__cart' },
  product: { name: 'h1.page__title', price: '.product-details__price', add: '.purchase__add' },
} as const;

export interface SlowPhoneFigures {
  page: string;
  path: string;
  firstContentfulPaintMs: number;
  /** The product's (first card's) name and price are on screen. */
  contentVisibleMs: number;
  /**
   * Add to cart answers a tap: the button is on screen and the app owns it (a server-rendered page is hydrated,
   * `<html data-ready>`; a page rendered in the browser owns every button it shows).
   */
  addToCartWorksMs: number;
  scriptKB: number;
  totalKB: number;
  runs: Array<{ fcp: number; content: number; usable: number }>;
  pass: boolean;
}

/** Runs in the page before its own scripts: notes when the name and price show and when Add to cart works. */
function watcher(selectors: { name: string; price: string; add: string }): string {
  return `(() => {
    const marks = (window.__slowPhone = {});
    const shown = (selector) => { const el = document.querySelector(selector); if (!el) return false; const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0 && box.top < innerHeight * 3; };
    const tick = () => {
      const now = performance.now();
      if (marks.content === undefined && shown(${JSON.stringify(selectors.name)}) && shown(${JSON.stringify(selectors.price)})) marks.content = now;
      // The app owns the page once it marked it (a server-rendered page after hydration), or, for a store that
      // renders in the browser only, once the whole document is parsed and has no server-rendered page in it.
      const owned = document.documentElement.dataset.ready === '1' || (document.readyState !== 'loading' && !document.getElementById('tb-first-page'));
      if (marks.usable === undefined && owned && shown(${JSON.stringify(selectors.add)})) marks.usable = now;
      if (marks.content === undefined || marks.usable === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureSlowPhone(browser: Browser, origin: string, runs: number, log: (line: string) => void): Promise<SlowPhoneFigures[]> {
  const results: SlowPhoneFigures[] = [];
  for (const target of SLOW_PHONE_PAGES) {
    const figures: SlowPhoneFigures['runs'] = [];
    let scriptBytes = 0;
    let totalBytes = 0;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
      try {
        await context.addInitScript({ content: watcher(SELECTORS[target.kind]) });
        const page = await context.newPage();
        const cdp: CDPSession = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: SLOW_PHONE.latencyMs,
          downloadThroughput: (SLOW_PHONE.downloadKbps * 1000) / 8,
          uploadThroughput: (SLOW_PHONE.uploadKbps * 1000) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
        let scripts = 0;
        let total = 0;
        const scriptIds = new Set<string>();
        cdp.on('Network.loadingFinished', (event: { encodedDataLength: number; requestId: string }) => {
          total += event.encodedDataLength;
          if (scriptIds.has(event.requestId)) scripts += event.encodedDataLength;
        });
        cdp.on('Network.responseReceived', (event: { requestId: string; type: string }) => {
          if (event.type === 'Script') scriptIds.add(event.requestId);
        });
        await page.goto(`${origin}${target.path}`, { waitUntil: 'load', timeout: 120_000 });
        const deadline = Date.now() + 60_000;
        let marks: { content?: number; usable?: number } = {};
        while (Date.now() < deadline) {
          marks = (await page.evaluate('window.__slowPhone')) as typeof marks;
          if (marks.content !== undefined && marks.usable !== undefined) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
        const fcp = (await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1")) as number;
        // Nothing is on screen before the first paint: the name and price show at the later of the two.
        const content = marks.content === undefined ? -1 : Math.max(marks.content, fcp);
        figures.push({ fcp: Math.round(fcp), content: Math.round(content), usable: Math.round(marks.usable ?? -1) });
        scriptBytes = scripts;
        totalBytes = total;
      } finally {
        await context.close();
      }
    }
    const result = {
      page: target.name,
      path: target.path,
      firstContentfulPaintMs: median(figures.map((f) => f.fcp)),
      contentVisibleMs: median(figures.map((f) => f.content)),
      addToCartWorksMs: median(figures.map((f) => f.usable)),
      scriptKB: Math.round(scriptBytes / 102.4) / 10,
      totalKB: Math.round(totalBytes / 102.4) / 10,
      runs: figures,
    };
    const pass = result.contentVisibleMs > 0 && result.contentVisibleMs <= SLOW_PHONE_BARS.contentMs && result.addToCartWorksMs > 0 && result.addToCartWorksMs <= SLOW_PHONE_BARS.usableMs;
    results.push({ ...result, pass });
    log(
      `${target.name.padEnd(10)} FCP ${result.firstContentfulPaintMs} ms, name+price ${result.contentVisibleMs} ms, Add to cart works ${result.addToCartWorksMs} ms, ` +
        `scripts ${result.scriptKB} KB of ${result.totalKB} KB ${pass ? 'PASS' : 'FAIL'}\n`,
    );
  }
  return results;
}
