/**
 * The V8 flags the store's long-running processes (the API and the worker) run with, wherever they run:
 * `npm start` (scripts/start.mjs), the systemd units and the Docker image (as NODE_OPTIONS; checked by
 * test/architecture/deploy-files.spec.ts), and bench:checkout, which starts a store as it is shipped.
 *
 * --max-semi-space-size=32: a young generation of up to 2 × 32 MB instead of V8's 2 × 16 MB. A request allocates a few
 * hundred kilobytes that die young (parsed bodies, query results, events); with the larger space fewer of them
 * live through a scavenge and get copied. Measured under bench:checkout (ADR 045, fourth step): 5–10 % less API
 * CPU per order, about 30 MB more memory per process at most.
 */
export const STORE_NODE_FLAGS = ['--max-semi-space-size=32'];

/** NODE_OPTIONS with the store's flags added to those already set; a flag the operator set already is left as set. */
export function withStoreNodeFlags(nodeOptions = '') {
  const named = (flag) => flag.split('=')[0];
  const set = new Set(nodeOptions.split(/\s+/).filter(Boolean).map(named));
  return [nodeOptions.trim(), ...STORE_NODE_FLAGS.filter((flag) => !set.has(named(flag)))].filter(Boolean).join(' ');
}
