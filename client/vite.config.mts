import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { defineConfig, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The server's renderer of the first HTML (src/entry-server.tsx, issue 33), built with `--ssr` into dist/ssr as
 * one CommonJS file the server loads with require (its libraries stay in node_modules).
 */
const serverRenderer: UserConfig = {
  root,
  plugins: [react()],
  // The console's editor library runs only in a browser (it reads navigator and document as it loads); the
  // renderer never draws the console, so it gets a stand-in instead of a require that would fail in Node.
  resolve: { alias: { 'squire-rte': fileURLToPath(new URL('src/features/console-kit/squire-on-the-server.ts', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist/ssr', import.meta.url)),
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    copyPublicDir: false,
    rolldownOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false } },
  },
};

// The client lives in client/ but builds into the repository's dist/client, which the server serves.
const browser: UserConfig = {
  root,
  plugins: [
    react(),
    // Scripts and styles compressed once, at their smallest, beside each file (name.js.br, name.js.gz): the server
    // sends these as they are (express-static-gzip, server/app.ts) instead of compressing each request at the
    // middleware's fast levels. On the slow-phone profile React's chunk drops from ~69 KB to ~58 KB (issue 33).
    compression({
      include: /\.(js|css)$/,
      threshold: 0,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    // The server's renderer reads from it which chunks and styles each page needs, and preloads only those: a
    // product page no longer downloads the home page's code (issue 33).
    manifest: true,
    // Phones on slow networks: keep chunks small and report their gzip sizes.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            // Small modules most pages share (formatting, storage, dialogs, form parts, the cart and wishlist
            // stores): one chunk instead of a dozen tiny requests, each of which costs a round trip and headers.
            {
              name: 'shared',
              // The Bengali catalog and the pages' message namespaces are left out: they load with their pages; so
              // is the shop's data table, which only lazily loaded pages (cart, wishlist, account, orders) use, and
              // the session resume of a new tab, which only a signed-in visitor's tab loads (ADR 066), and the form
              // parts only forms use (order lookup, phone and text fields: tracking, checkout, contact, account), which
              // kept ~1.5 KB compressed in every page's first download (issue 31: the shopper's first JS must not grow).
              test: /client[\\/]src[\\/](lib[\\/](?!i18n[\\/]([^\\/]*bn\.ts|messages[\\/])|session-resume\.ts$)|components[\\/](?!ui[\\/](data-table|order-lookup-form|phone-input|text-field)\.tsx$))|client[\\/]src[\\/]features[\\/](cart|wishlist)[\\/][^\\/]+-store\.ts$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderer : browser));
