/**
 * ESLint for the whole repository, run by `npm run check` (ADR 054). Types are tsc's job (the check runs it
 * over both tsconfigs), so the TypeScript rules here are the ones that need no type information: linting with
 * types took about 2.5 times as long and would not fit the check's two minutes on this machine.
 * import-x/no-cycle is off for the same reason (it was 85 % of the lint's time); .dependency-cruiser.cjs owns
 * the boundaries between contexts and features.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typescriptImports = importX.flatConfigs.typescript.settings;

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/', 'test-results/', 'bench/results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': typescriptImports['import-x/extensions'],
      'import-x/parsers': typescriptImports['import-x/parsers'],
      // Resolves as tsc does, with the server's and the client's tsconfig (packages as Node does, for scripts/ too).
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-duplicates': 'error',
      'import-x/no-unresolved': 'error',
      // As tsc's noUnusedParameters reads it: a leading underscore marks a parameter or a left-out field
      // (`const { secret: _secret, ...rest } = row`) as unused on purpose.
      // A `let` read by a callback before its one assignment (a signal handler set up before start) stays `let`:
      // as a `const` declared after the callback, an early signal would throw instead of seeing undefined.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['server/**', 'contracts/**', 'test/**', 'bench/**', 'scripts/**', '*.{js,cjs,mjs}', 'client/vite.config.mts'],
    languageOptions: { globals: globals.node },
  },
  {
    // jest's configs and dependency-cruiser's are CommonJS (package.json has no "type": "module").
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['client/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
