/**
 * `npm run test:load`: the load and fault suites of test/load in their full form (LOAD_PROFILE=full), and the
 * route fuzzer with every mutation (FUZZ=full; `npm test` sends a sample of them, ADR 055).
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/load', '<rootDir>/test/security'],
  testMatch: ['**/*.load-spec.ts', '**/fuzz-routes.security-spec.ts'],
};
