/** `npm run test:load`: only the load and fault suites of test/load (in their full form, LOAD_PROFILE=full). */
const base = require('./jest.config');

module.exports = { ...base, roots: ['<rootDir>/test/load'] };
