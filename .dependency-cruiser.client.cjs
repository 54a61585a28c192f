/**
 * Boundaries of the client and of contracts/ (ADR 040), checked by test/architecture/boundaries.spec.ts on
 * every `npm test`. A feature is a folder directly under client/src/features/; pages in client/src/app compose
 * features. `console-kit` is the staff console's shared kit (frame, list table, query states): console features
 * may use it, and it uses no feature.
 */
module.exports = {
  forbidden: [
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
    includeOnly: '^(client/src|contracts)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
