/** Types of scripts/node-flags.mjs for the TypeScript that imports it (the tests and the benchmarks). */
export declare const STORE_NODE_FLAGS: readonly string[];
export declare function withStoreNodeFlags(nodeOptions?: string): string;
