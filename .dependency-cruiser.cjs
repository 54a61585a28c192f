/**
 * Boundaries between the server's contexts (ADR 040), checked by test/architecture/boundaries.spec.ts on every
 * `npm test`. A context is a folder directly under server/; common, event-store, config and database are the
 * shared infrastructure every context may use.
 */
const INFRASTRUCTURE = '^server/(common|event-store|config|database)/';

module.exports = {
  forbidden: [
    {
      name: 'no-other-context-api-or-write',
      comment: "A context talks to another through queries, commands and events, never through its api/ or write/ code.",
      severity: 'error',
      from: { path: '^server/([^/]+)/' },
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
