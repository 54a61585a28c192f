import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

// The client lives in client/ but builds into the repository's dist/client, which the server serves.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadRouteChunks(['src/app/routes/home.tsx'])],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
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
              // the session resume of a new tab, which only a signed-in visitor's tab loads (ADR 066).
              test: /client[\\/]src[\\/](lib[\\/](?!i18n[\\/]([^\\/]*bn\.ts|messages[\\/])|session-resume\.ts$)|components[\\/](?!ui[\\/]data-table\.tsx$))|client[\\/]src[\\/]features[\\/](cart|wishlist)[\\/][^\\/]+-store\.ts$/,
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
});

/**
 * Lazy pages cost one extra round trip after the main script runs. For the landing pages named here the
 * chunk, the chunks it imports and their CSS are preloaded from index.html, so they download alongside the
 * main script instead of one round trip after another.
 */
function preloadRouteChunks(entries: string[]): Plugin {
  return {
    name: 'preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const tags: HtmlTagDescriptor[] = [];
        const bundle = ctx.bundle ?? {};
        // The entry's own imports are already preloaded by Vite; everything else a landing page needs is added.
        const entryImports = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.isEntry) {
            entryImports.add(output.fileName);
            for (const file of output.imports) entryImports.add(file);
          }
        }
        const seen = new Set<string>();
        const addChunk = (fileName: string) => {
          if (seen.has(fileName) || entryImports.has(fileName)) return;
          seen.add(fileName);
          const output = bundle[fileName];
          if (!output || output.type !== 'chunk') return;
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${output.fileName}` }, injectTo: 'head' });
          const css = (output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [];
          for (const file of css) {
            tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${file}` }, injectTo: 'head' });
          }
          for (const file of output.imports) addChunk(file);
        };
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isDynamicEntry || !output.facadeModuleId) continue;
          const id = output.facadeModuleId.replace(/\\/g, '/');
          if (!entries.some((entry) => id.endsWith(`/client/${entry}`))) continue;
          addChunk(output.fileName);
        }
        return tags;
      },
    },
  };
}
