import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhoneContext, SuiteContexts } from './browser';

/**
 * A browser suite's contexts are handed from one passed test to the next (issue 26): the next test must find the
 * context as empty as a new one, and a context a test left a route in must not be handed on.
 */
describe('browser contexts handed from test to test', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;
  let contexts: SuiteContexts;

  // A page that remembers a visit in every place a shop's page can: a cookie, local storage and IndexedDB.
  const page = `<!doctype html><title>t</title><script>
    document.cookie = 'visited=1; path=/';
    localStorage.setItem('cart', '[1]');
    indexedDB.open('store', 1).onupgradeneeded = (event) => event.target.result.createObjectStore('kept');
  </script>`;
  const remembered = `(async () => ({
    cookie: document.cookie,
    cart: localStorage.getItem('cart'),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }))()`;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'max-age=3600' });
      response.end(request.url === '/blank' ? '<!doctype html><title>blank</title>' : page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    contexts = new SuiteContexts();
    browser = contexts.watch(await launchBrowser());
  }, 60_000);

  afterAll(async () => {
    await contexts.closeAll();
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands the next test the same context with no cookie, local storage or database left', async () => {
    const first = await newPhoneContext(browser);
    const visit = await first.newPage();
    await visit.goto(`${origin}/`);
    await visit.waitForFunction('indexedDB.databases().then((all) => all.length === 1)').catch(() => undefined);
    expect(await visit.evaluate(remembered)).toEqual({ cookie: 'visited=1', cart: '[1]', databases: ['store'] });
    await first.close();
    await contexts.afterTest();

    const second = await newPhoneContext(browser);
    expect(second).toBe(first);
    expect(second.pages().filter((open) => open.url() !== 'about:blank')).toEqual([]);
    const next = await second.newPage();
    await next.goto(`${origin}/blank`);
    expect(await next.evaluate(remembered)).toEqual({ cookie: '', cart: null, databases: [] });
    await second.close();
    await contexts.afterTest();
  });

  it('does not hand on a context a test added a route to, nor hand one to a test asking for other options', async () => {
    const routed = await newPhoneContext(browser);
    await routed.route('**/elsewhere', (route) => route.fulfill({ body: 'stub' }));
    await routed.close();
    await contexts.afterTest();

    const next = await newPhoneContext(browser);
    expect(next).not.toBe(routed);
    expect(routed.pages()).toEqual([]);
    const bengali = await newPhoneContext(browser, { locale: 'bn-BD' });
    expect(bengali).not.toBe(next);
    await next.close();
    await bengali.close();
    await contexts.afterTest();
  });
});
