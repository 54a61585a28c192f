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
 * chunk (and its CSS) is preloaded from index.html, so it downloads alongside the main script.
 */
function preloadRouteChunks(entries: string[]): Plugin {
  return {
    name: 'preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const tags: HtmlTagDescriptor[] = [];
        for (const output of Object.values(ctx.bundle ?? {})) {
          if (output.type !== 'chunk' || !output.isDynamicEntry || !output.facadeModuleId) continue;
          const id = output.facadeModuleId.replace(/\\/g, '/');
          if (!entries.some((entry) => id.endsWith(`/client/${entry}`))) continue;
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${output.fileName}` }, injectTo: 'head' });
          const css = (output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [];
          for (const file of css) {
            tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${file}` }, injectTo: 'head' });
          }
        }
        return tags;
      },
    },
  };
}
