/**
 * Boundaries between the server's contexts (ADR 040), checked by test/architecture/boundaries.spec.ts on every
 * `npm test`. A context is a folder directly under server/; common, event-store, config, database and
 * observability (logs, metrics, the API description) are the shared infrastructure every context may use.
 */
const INFRASTRUCTURE = '^server/(common|event-store|config|database|observability)/';

module.exports = {
  forbidden: [
    {
      name: 'no-other-context-api-or-write',
      comment: "A context talks to another through queries, commands and events, never through its api/ or write/ code.",
      severity: 'error',
      // The OpenAPI document describes every route with the schemas that validate it, so it reads every api/.
      from: { path: '^server/([^/]+)/', pathNot: '^server/observability/openapi/' },
      to: { path: '^server/[^/]+/(api|write)/', pathNot: '^server/$1/' },
    },
    {
      name: 'infrastructure-imports-no-context',
      comment: 'server/common and server/event-store know no business context.',
      severity: 'error',
      from: { path: '^server/(common|event-store)/' },
      to: { path: '^server/[^/]+/', pathNot: INFRASTRUCTURE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    includeOnly: '^server/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
