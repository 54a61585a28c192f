import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { ProductRowResponse, SettingResponse } from '../../../contracts/catalog';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PublicCatalogAnswers } from '../public-answers';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL, STOCK_READ_MODEL } from '../read-cache/read-model-tags';
import { escapeHtml, pageHead, scriptJson, type PageLocale } from './page-head';

/** The pages whose first HTML the server renders (issue 33), each with the client module of its route. */
const PAGES: Array<{ path: RegExp; module: string }> = [
  { path: /^\/$/, module: 'src/app/routes/home.tsx' },
  { path: /^\/shop$/, module: 'src/app/routes/shop.tsx' },
  { path: /^\/product-details\/[^/]+$/, module: 'src/app/routes/product-details.tsx' },
  { path: /^\/(product-category|category)\/[^/]+$/, module: 'src/app/routes/category.tsx' },
  { path: /^\/(about|terms|privacy-policy|return-policy)$/, module: 'src/app/routes/info.tsx' },
];

/** Tags React hoists to the start of a page's markup: image preloads, the page's <title>, its metas. */
const HOISTED = /^(?:<link [^>]*\/>|<title>[\s\S]*?<\/title>|<meta [^>]*\/>)/;

/** What the renderer bundle (client/src/entry-server.tsx, built into dist/ssr) exports. */
interface Renderer {
  renderPage(url: string, locale: PageLocale, get: (url: string) => Promise<{ status: number; body: unknown } | null>): Promise<{
    html: string;
    status: number;
    locale: PageLocale;
    texts: Record<string, string>;
    queries: { queries: Array<{ queryKey: readonly unknown[]; state: { data?: unknown; status: string } }> };
  }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** A rendered page as it is kept and sent: the HTML, its ETag, and its compressed forms made on first use. */
interface FirstHtml {
  status: number;
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The storefront's first HTML rendered on the server (issue 33): the same React components as the browser,
 * fed in-process from the public answers the API serves (ADR 003), with the data and the Bengali texts inlined so
 * the app hydrates without fetching them again, and the head tags link previews and search engines read. A page
 * is kept per address and language in the answer cache under the catalog and stock read models: a product
 * renamed in the console is rendered anew as soon as the projection has applied it.
 */
@Injectable()
export class FirstHtmlPages {
  private readonly logger = new Logger('FirstHtml');
  private renderer: Renderer | null | undefined;
  private template: string | null = null;
  private manifest: Record<string, ManifestChunk> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly answers: PublicCatalogAnswers,
    private readonly cache: ReadModelCache,
  ) {}

  /** Express middleware: a GET of a rendered page gets its first HTML; anything else goes on (to index.html). */
  middleware() {
    return (request: Request, response: Response, next: NextFunction): void => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      // A page request carries no body: one that does goes the ordinary way, past the body parsers and their limits
      // (a body over 100 kB is refused with 413 on every path, rendered pages included).
      if (hasBody(request)) return next();
      const page = PAGES.find((candidate) => candidate.path.test(request.path));
      if (!page || !this.ready()) return next();
      this.serve(request, response, page.module).catch((error: unknown) => {
        this.logger.error(`First HTML of ${request.path} failed: ${error instanceof Error ? error.stack : String(error)}`);
        next(); // the browser-rendered page instead
      });
    };
  }

  /** The rendered page of an address in a language (what `middleware` sends), for tests and benchmarks. */
  async page(url: string, locale: PageLocale): Promise<FirstHtml | null> {
    const address = new URL(url, 'http://store.invalid');
    const page = PAGES.find((candidate) => candidate.path.test(address.pathname));
    if (!page || !this.ready()) return null;
    return this.rendered(address, locale, page.module);
  }

  private async serve(request: Request, response: Response, module: string): Promise<void> {
    const address = new URL(request.originalUrl, 'http://store.invalid');
    const page = await this.rendered(address, localeOf(request, address), module);
    response.status(page.status);
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Revalidated on each visit (prices and stock move); the language comes from the address or the cookie.
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('Vary', 'Accept-Encoding, Cookie');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
    response.setHeader('ETag', etag);
    if (page.status === 200 && request.headers['if-none-match'] === etag) {
      response.status(304).end();
      return;
    }
    if (!encoding) {
      response.end(request.method === 'HEAD' ? undefined : page.body);
      return;
    }
    response.setHeader('Content-Encoding', encoding);
    const bytes =
      encoding === 'br'
        ? (page.br ??= brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }))
        : (page.gzip ??= gzipSync(page.body, { level: 9 }));
    response.setHeader('Content-Length', bytes.length);
    response.end(request.method === 'HEAD' ? undefined : bytes);
  }

  private rendered(address: URL, locale: PageLocale, module: string): Promise<FirstHtml> {
    address.searchParams.delete('lang');
    const path = address.pathname + (address.searchParams.size > 0 ? `?${address.searchParams}` : '');
    return this.cache.remember(`first-html:${locale}:${path}`, [CATALOG_READ_MODEL, STOCK_READ_MODEL], () => this.render(path, locale, module));
  }

  private async render(path: string, locale: PageLocale, module: string): Promise<FirstHtml> {
    const renderer = this.renderer!;
    const page = await renderer.renderPage(path, locale, (url) => this.answers.answerFor(url));
    // The client's query keys (features/settings and features/catalog key factories).
    const data = (...key: string[]) => page.queries.queries.find((query) => key.every((part, i) => query.queryKey[i] === part))?.state.data;
    const setting = (data('settings', 'row') as SettingResponse | undefined) ?? null;
    const product = (data('catalog', 'product') as ProductRowResponse | undefined) ?? null;
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.html)?.[1]?.replace(/<[^>]*>/g, '').trim() ?? null;
    const head = pageHead({ origin: this.config.appOrigins[0]!.replace(/\/$/, ''), path, locale, setting, product, heading: heading && decodeEntities(heading) });
    const body = this.document(page, head, module);
    return { status: page.status, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  }

  private document(page: Awaited<ReturnType<Renderer['renderPage']>>, head: { title: string; tags: string }, module: string): string {
    const assets = this.assetsOf(module);
    // React puts the page's hoisted tags first in its markup: the image preloads go to the head (the picture
    // starts downloading with the styles), the <title> is the head's already.
    let markup = page.html;
    const hoisted: string[] = [];
    for (let tag = HOISTED.exec(markup); tag; tag = HOISTED.exec(markup)) {
      if (tag[0].startsWith('<link')) hoisted.push(tag[0]);
      markup = markup.slice(tag[0].length);
    }
    // A 404 page is not hydrated (the browser renders it again): only a found page carries its data.
    const state = page.status === 200 ? { locale: page.locale, texts: page.texts, queries: page.queries } : { status: page.status };
    return this.template!
      .replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`)
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
      .replace(/\s*<meta name="description"[^>]*>/, '')
      // The settings are in the page: no early request for them.
      .replace(/\s*<link rel="preload" href="\/api\/public\/settingRow"[^>]*>/, '')
      .replace('</head>', () => `  ${[...hoisted, ...assets, head.tags].join('\n    ')}\n  </head>`)
      .replace(
        /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*<\/div>\s*<noscript>/,
        () => `<div id="root">${markup}</div>\n    <script type="application/json" id="tb-first-page">${scriptJson(state)}</script>\n    <noscript>`,
      );
  }

  /** The route's own chunks (those the entry does not preload already) and its styles, so nothing waits for them. */
  private assetsOf(module: string): string[] {
    const manifest = this.manifest!;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const skip = new Set<string>([...(entry ? [entry.file] : []), ...(entry?.imports ?? []).map((key) => manifest[key]?.file ?? '')]);
    const skipCss = new Set([...(entry?.css ?? []), ...(entry?.imports ?? []).flatMap((key) => manifest[key]?.css ?? [])]);
    const scripts: string[] = [];
    const styles: string[] = [];
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      if (!skip.has(chunk.file)) scripts.push(chunk.file);
      for (const css of chunk.css ?? []) if (!skipCss.has(css) && !styles.includes(css)) styles.push(css);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(module);
    return [
      // Inline too (no round trip before the first paint); the disabled link, never fetched, tells Vite's chunk
      // loader the route's styles are on the page already, so it does not fetch them again.
      ...styles.map((file) => `<style>${this.css(file)}</style><link rel="stylesheet" crossorigin href="/${file}" disabled />`),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ];
  }

  private readonly styles = new Map<string, string>();
  private css(file: string): string {
    let css = this.styles.get(file);
    if (css === undefined) this.styles.set(file, (css = readFileSync(join(this.config.clientDir, file), 'utf8').replace(/<\/style/gi, '<\\/style')));
    return css;
  }

  /** The renderer bundle, the built index.html and the build's manifest; without them pages are rendered in the browser. */
  private ready(): boolean {
    if (this.renderer !== undefined) return this.renderer !== null;
    const bundle = join(dirname(this.config.clientDir), 'ssr', 'entry-server.cjs');
    const index = join(this.config.clientDir, 'index.html');
    const manifest = join(this.config.clientDir, '.vite', 'manifest.json');
    if (!existsSync(bundle) || !existsSync(index) || !existsSync(manifest)) {
      this.logger.warn('No server renderer built (dist/ssr): pages are rendered in the browser.');
      this.renderer = null;
      return false;
    }
    // Node's own require, also under a test runner that has a module system of its own.
    this.renderer = createRequire(__filename)(bundle) as Renderer;
    // The shell's styles inline: on a slow phone each stylesheet costs a round trip before the first paint. The
    // app's own styles (not the route chunks', which Vite loads itself) are loaded by nothing else. Each keeps a
    // disabled link (never fetched) that tells Vite's chunk loader the styles are on the page: without it, the
    // route's chunk, which lists the shared styles among its own, fetched them again before the page could hydrate
    // (a round trip after the scripts, about half a second on the slow-phone profile).
    this.template = readFileSync(index, 'utf8').replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (tag, file: string) => {
      const css = join(this.config.clientDir, file);
      return existsSync(css) ? `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="/${file}" disabled />` : tag;
    });
    this.manifest = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, ManifestChunk>;
    return true;
  }
}

/** `?lang=` first (a shared link), then the cookie the storefront keeps with the shopper's choice, else English. */
function localeOf(request: Request, address: URL): PageLocale {
  const asked = address.searchParams.get('lang');
  if (asked === 'bn' || asked === 'en') return asked;
  const cookie = /(?:^|;\s*)tb-locale=(en|bn)(?:;|$)/.exec(String(request.headers.cookie ?? ''));
  return cookie?.[1] === 'bn' ? 'bn' : 'en';
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
}

/** The request says it sends a body (a length above 0, or chunks). */
function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
