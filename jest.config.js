/**
 * One test command for the whole project. Unit specs sit beside the code (*.spec.ts), integration specs
 * that need PostgreSQL are *.int-spec.ts, black-box suites live in test/. The global setup provides a real
 * PostgreSQL: DATABASE_URL when set, otherwise the embedded one.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server', '<rootDir>/test', '<rootDir>/client/src'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.api-spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  watchman: false,
  haste: { enableSymlinks: false },
};
