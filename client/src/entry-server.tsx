import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { App, prefetchLandingData } from './app/app';
import { ApiError, answerGetsInProcess } from './lib/api-client';
import { bn } from './lib/i18n/bn';
import { bengaliTextsRendered, setServerRenderLocale, type Locale } from './lib/i18n/locale';
import { createQueryClient } from './lib/query-client';

/**
 * The server's renderer of the storefront's first HTML (issue 33): the same components the browser runs,
 * rendered to a string with the data the page shows first. Built by Vite into dist/ssr (CommonJS) and loaded by
 * the server's storefront module, which answers the pages' GET calls in-process from the API's answer cache.
 */

/** Every page namespace's Bengali, loaded once: a render must never wait on a download of its own texts. */
const namespaceTables: Array<Record<string, string>> = Object.values(
  import.meta.glob<Record<string, unknown>>('./lib/i18n/messages/*.bn.ts', { eager: true }),
).flatMap((module) => Object.values(module).filter((value): value is Record<string, string> => typeof value === 'object' && value !== null));

/** An answer of the in-process API: the parsed JSON of a 200, or the status and body of a refusal. */
export type InProcessAnswer = { status: number; body: unknown };
export type InProcessGet = (url: string) => Promise<InProcessAnswer | null>;

export interface RenderedPage {
  /** The markup inside `#root`. */
  html: string;
  /** 404 when the page's own data (the product) does not exist. */
  status: number;
  locale: Locale;
  /** The Bengali texts the page read (empty in English), for the browser to hydrate with. */
  texts: Record<string, string>;
  queries: DehydratedState;
}

/** How many times the page is rendered again for data a component asked for that was not loaded yet. */
const MAX_PASSES = 3;

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders one page. Renders run one at a time: the language and the in-process API are module state of the
 * client code (the browser has one of each), so two renders must not interleave.
 */
export function renderPage(url: string, locale: Locale, get: InProcessGet): Promise<RenderedPage> {
  const next = queue.then(() => render(url, locale, get));
  queue = next.catch(() => undefined);
  return next;
}

async function render(url: string, locale: Locale, get: InProcessGet): Promise<RenderedPage> {
  const address = new URL(url, 'http://store.invalid');
  const queryClient = createQueryClient();
  // A refused answer (an unknown product) is rendered as what it is (the 404 page), not as a loader waiting for a retry.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false } });
  answerGetsInProcess(async (apiUrl) => {
    const answer = await get(apiUrl);
    if (!answer) throw new ApiError(0, undefined, 'Not answered on the server.');
    if (answer.status !== 200) throw new ApiError(answer.status, answer.body, `Request failed with status ${answer.status}`);
    return answer.body;
  });
  setServerRenderLocale(locale, locale === 'bn' ? [bn, ...namespaceTables] : []);
  try {
    await prefetchLandingData(queryClient, address);
    let html = '';
    for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
      html = await renderToString(
        <StrictMode>
          <App queryClient={queryClient} Router={routerAt(address.pathname + address.search)} />
        </StrictMode>,
      );
      // A component asked for data no landing prefetch loaded (a category's page, an info page): load what the
      // in-process API can answer, then render again with it.
      const waiting = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && Boolean(query.options.queryFn) });
      if (waiting.length === 0) break;
      const before = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'success' }).length;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      const after = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'success' }).length;
      if (after === before) break;
    }
    const notFound = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.error instanceof ApiError && query.state.error.status === 404 }).length > 0;
    return {
      html,
      status: notFound ? 404 : 200,
      locale,
      texts: locale === 'bn' ? bengaliTextsRendered() : {},
      queries: dehydrate(queryClient),
    };
  } finally {
    answerGetsInProcess(null);
    setServerRenderLocale('en', []);
    queryClient.clear();
  }
}

function routerAt(location: string) {
  return function ServerRouter({ children }: { children: ReactNode }) {
    return <StaticRouter location={location}>{children}</StaticRouter>;
  };
}

/** The whole tree, lazy pages and suspended texts included, as one string. */
function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // Every boundary inline, in place: an outlined one is revealed by an inline script, which the store's
      // Content-Security-Policy (script-src 'self') refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError: reject,
      onError: () => undefined,
    });
    setTimeout(() => stream.abort(), 10_000).unref();
  });
}
