/**
 * `npm run docs:api`: writes the reference part of docs/api.md from the route catalogue (every context's
 * `api/routes.ts`, ADR 055); the prose around it is kept. `-- --check` only says whether it is up to date
 * (exit 1 when not), as test/architecture/route-catalogue.spec.ts does on every `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './config/app-config';
import { renderApiReference, withReference } from './observability/openapi/api-reference';

const file = join(PROJECT_ROOT, 'docs', 'api.md');
const current = readFileSync(file, 'utf8');
const wanted = withReference(current, renderApiReference());
if (process.argv.includes('--check')) {
  process.stdout.write(current === wanted ? 'docs/api.md is up to date\n' : 'docs/api.md is out of date: run npm run docs:api\n');
  process.exit(current === wanted ? 0 : 1);
}
if (current === wanted) process.stdout.write('docs/api.md was already up to date\n');
else {
  writeFileSync(file, wanted);
  process.stdout.write('docs/api.md: reference written from the route catalogue\n');
}
