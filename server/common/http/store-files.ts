/**
 * What the store serves at its root outside /api and outside the client (issue 33): the sitemap and robots.txt
 * for search engines, and the catalogue feed Meta's Commerce Manager fetches. The global `/api` prefix leaves
 * them out (server/app.ts) and the unknown-page middleware lets them through to their controller.
 */
export const STORE_FILE_PATHS = ['/sitemap.xml', '/robots.txt', '/feeds/facebook.csv', '/feeds/facebook.xml'] as const;

const STORE_FILES = new Set<string>(STORE_FILE_PATHS);

/** Whether a request path (query removed, as Express gives it) is one of them. */
export function isStoreFile(path: string): boolean {
  return STORE_FILES.has(path);
}
