/**
 * Boundaries between the server's contexts (ADR 040), checked by test/architecture/boundaries.spec.ts on every
 * `npm test`. A context is a folder directly under server/; common, event-store, config, database and
 * observability (logs, metrics, the API description) are the shared infrastructure every context may use.
 * In the client a feature is a folder directly under client/src/features/; pages in client/src/app compose
 * features. `console-kit` is the staff console's shared kit (frame, list table, query states): console
 * features may use it, and it uses no feature. contracts/ is read by both sides and depends on neither.
 */
const INFRASTRUCTURE = '^server/(common|event-store|config|database|observability)/';

module.exports = {
  forbidden: [
    {
      name: 'no-other-context-api-or-write',
      comment: "A context talks to another through queries, commands and events, never through its api/ or write/ code.",
      severity: 'error',
      // The route catalogue (ADR 055) gathers every context's api/routes.ts for the OpenAPI document, the docs and the fuzzer.
      from: { path: '^server/([^/]+)/', pathNot: '^server/observability/openapi/' },
      to: { path: '^server/[^/]+/(api|write)/', pathNot: '^server/$1/' },
    },
    {
      name: 'published-only',
      comment: 'Ordering and operations publish what other contexts may use in their published.ts; nothing else of theirs is imported from outside.',
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: '^server/observability/openapi/' },
      to: { path: '^server/(ordering|operations)/', pathNot: ['^server/$1/', '^server/(ordering|operations)/published[.]ts$'] },
    },
    {
      name: 'infrastructure-imports-no-context',
      comment: 'server/common and server/event-store know no business context.',
      severity: 'error',
      from: { path: '^server/(common|event-store)/' },
      to: { path: '^server/[^/]+/', pathNot: INFRASTRUCTURE },
    },
    {
      name: 'migrations-are-frozen',
      comment: 'A shipped migration must run as it shipped: it imports node built-ins, typeorm and other migrations, never live code that can change under it.',
      severity: 'error',
      from: { path: '^server/database/migrations/' },
      to: { dependencyTypesNot: ['core'], pathNot: ['^server/database/migrations/', '(^|/)node_modules/typeorm/'] },
    },
    {
      name: 'features-stay-apart',
      comment: 'A feature never imports another feature; a page in app/ composes them.',
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/', pathNot: '^client/src/features/console-kit/' },
      to: { path: '^client/src/features/[^/]+/', pathNot: ['^client/src/features/$1/', '^client/src/features/console-kit/'] },
    },
    {
      name: 'console-kit-imports-no-feature',
      comment: "The console's shared kit knows no console feature.",
      severity: 'error',
      from: { path: '^client/src/features/console-kit/' },
      to: { path: '^client/src/(features|app)/', pathNot: '^client/src/features/console-kit/' },
    },
    {
      name: 'contracts-import-no-side',
      comment: 'Wire types and shared rules are read by both sides and depend on neither.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(server|client)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    includeOnly: '^(server|client/src|contracts)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
