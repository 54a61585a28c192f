/**
 * The settings a production-mode store process needs (server/config/env.ts refuses to start without them),
 * for a benchmark's store on this machine: fixed secrets, the origin it serves on, and — where the benchmark
 * measures the demo catalog — leave to seed the demo store in production mode, which a real store never has.
 */
export function benchProductionEnv(origin: string, options: { demo: boolean }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PERSONAL_DATA_KEY: 'bench-personal-data-key-bench-personal-data-0123',
    APP_ORIGINS: origin,
    SEED_DEMO: options.demo ? 'true' : 'false',
    ...(options.demo ? { DEMO_STORE_IN_PRODUCTION: 'allow' } : {}),
  };
}
