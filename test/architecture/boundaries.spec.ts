import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs dependency-cruiser with the project's rules over `folders` under `cwd`; the edges that break a rule. */
function violations(cwd: string, folders = ['server']): string[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, ...folders, '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`dependency-cruiser did not run: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

/** A small project for the rules to judge, in a new temporary folder named from `prefix`: a tsconfig.json and `files`, by path. Returns the folder. */
function writeSandbox(prefix: string, files: Record<string, string>): string {
  const sandbox = mkdtempSync(join(tmpdir(), prefix));
  const tsconfig = JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true } });
  for (const [path, text] of Object.entries({ 'tsconfig.json': tsconfig, ...files })) {
    mkdirSync(dirname(join(sandbox, path)), { recursive: true });
    writeFileSync(join(sandbox, path), text);
  }
  return sandbox;
}

/** Folders under server/ that serve routes without being a business context: health checks, metrics, the API description. */
const ROUTE_INFRASTRUCTURE = new Set(['health', 'observability']);

/** Files under `serverFolder` that declare a `@Controller(` outside their context's api/ folder, relative to it. */
function controllersOutsideApi(serverFolder: string): string[] {
  const files = readdirSync(serverFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'));
  return files
    .filter((file) => !ROUTE_INFRASTRUCTURE.has(file.split('/')[0]) && file.split('/')[1] !== 'api')
    .filter((file) => /^\s*@Controller\(/m.test(readFileSync(join(serverFolder, file), 'utf8')))
    .sort();
}

/** ADR 040: contexts meet through queries, commands and events; the shared infrastructure knows no context. */
describe('context boundaries', () => {
  it('holds in the server: no context imports another one\'s api/ or write/ code or ordering and operations past their published.ts, common and event-store import no context', () => {
    expect(violations(ROOT)).toEqual([]);
  });

  describe('the rules themselves', () => {
    let sandbox: string;

    beforeAll(() => {
      sandbox = writeSandbox('boundaries-', {
        'server/ordering/api/orders.controller.ts': "export const controller = 1;\n",
        'server/ordering/write/writer.ts': "export const writer = 1;\n",
        'server/ordering/domain/order.ts': "import { controller } from '../api/orders.controller';\nexport const order = controller;\n",
        'server/promotions/apply/check.ts':
          "import { controller } from '../../ordering/api/orders.controller';\nimport { writer } from '../../ordering/write/writer';\nimport { order } from '../../ordering/domain/order';\nexport const check = controller + writer + order;\n",
        'server/common/helper.ts': "import { order } from '../ordering/domain/order';\nimport { clock } from '../config/clock';\nexport const helper = order + clock;\n",
        'server/config/clock.ts': 'export const clock = 1;\n',
        'server/event-store/store.ts': "import type { check } from '../promotions/apply/check';\nexport type Store = typeof check;\n",
        'server/ordering/published.ts': "export { order } from './domain/order';\n",
        'server/inventory/domain/sku.ts': 'export const sku = 1;\n',
        'server/promotions/apply/published-use.ts':
          "import { order } from '../../ordering/published';\nimport { sku } from '../../inventory/domain/sku';\nexport const use = order + sku;\n",
        'server/database/migrations/shared-sql.ts': "export const sql = 'SELECT 1';\n",
        'server/database/migrations/1-first.ts':
          "import { join } from 'node:path';\nimport { sql } from './shared-sql';\nimport { order } from '../../ordering/domain/order';\nimport type { clock } from '../../config/clock';\nexport const first = join(sql) + order;\nexport type Clock = typeof clock;\n",
      });
    });

    afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

    it('name every forbidden edge, type-only imports included, and let a context use its own api/, another one\'s domain (ordering\'s only through its published.ts) and a migration use node built-ins and other migrations', () => {
      expect(violations(sandbox).sort()).toEqual([
        'infrastructure-imports-no-context: server/common/helper.ts → server/ordering/domain/order.ts',
        'infrastructure-imports-no-context: server/event-store/store.ts → server/promotions/apply/check.ts',
        'migrations-are-frozen: server/database/migrations/1-first.ts → server/config/clock.ts',
        'migrations-are-frozen: server/database/migrations/1-first.ts → server/ordering/domain/order.ts',
        'no-other-context-api-or-write: server/promotions/apply/check.ts → server/ordering/api/orders.controller.ts',
        'no-other-context-api-or-write: server/promotions/apply/check.ts → server/ordering/write/writer.ts',
        'published-only: server/common/helper.ts → server/ordering/domain/order.ts',
        'published-only: server/database/migrations/1-first.ts → server/ordering/domain/order.ts',
        'published-only: server/promotions/apply/check.ts → server/ordering/api/orders.controller.ts',
        'published-only: server/promotions/apply/check.ts → server/ordering/domain/order.ts',
        'published-only: server/promotions/apply/check.ts → server/ordering/write/writer.ts',
      ]);
    });
  });

  it('keeps migrations frozen for packages too: a migration imports only typeorm, node built-ins and other migrations', () => {
    // dependency-cruiser's includeOnly leaves packages out of its graph, so this part of migrations-are-frozen is read here.
    const folder = join(ROOT, 'server/database/migrations');
    const imports = readdirSync(folder).flatMap((file) =>
      [...readFileSync(join(folder, file), 'utf8').matchAll(/(?:from|import|require\()\s*'([^']+)'/g)].map((match) => `${file}: ${match[1]}`),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => !/: (typeorm|node:.+|\.\/[^/]+)$/.test(line))).toEqual([]);
  });

  it('keeps every business controller in its context\'s api/ folder (health, metrics and the API description are infrastructure)', () => {
    expect(controllersOutsideApi(join(ROOT, 'server'))).toEqual([]);
  });

  it('names a controller outside api/ and leaves alone the infrastructure\'s and a mention in a comment', () => {
    const sandbox = writeSandbox('boundaries-controllers-', {
      'server/ordering/api/orders.controller.ts': "@Controller('orders')\nexport class OrdersController {}\n",
      'server/ordering/paperwork/slips.controller.ts': "@Controller('slips')\nexport class SlipsController {}\n",
      'server/ordering/paperwork/slip.ts': "// not a @Controller( but a page\nexport const slip = 1;\n",
      'server/health/health.controller.ts': "@Controller('health')\nexport class HealthController {}\n",
      'server/observability/metrics/metrics.controller.ts': "@Controller('metrics')\nexport class MetricsController {}\n",
    });
    try {
      expect(controllersOutsideApi(join(sandbox, 'server'))).toEqual(['ordering/paperwork/slips.controller.ts']);
    } finally {
      rmSync(sandbox, { recursive: true, force: true });
    }
  });

  it('holds in the client and contracts/: no feature imports another (console-kit is the console\'s shared kit), contracts/ imports neither side', () => {
    expect(violations(ROOT, ['client/src', 'contracts'])).toEqual([]);
  });

  it('names a feature importing another, the console kit importing a feature, and contracts/ importing a side', () => {
    const sandbox = writeSandbox('boundaries-client-', {
      'client/src/features/stock/api/get-stock.ts': "import { kit } from '../../console-kit/kit';\nexport const stock = kit;\n",
      'client/src/features/coupons/list.ts': "import { stock } from '../stock/api/get-stock';\nexport const list = stock;\n",
      'client/src/features/console-kit/kit.ts': "import type { list } from '../coupons/list';\nexport const kit = 1;\nexport type Kit = typeof list;\n",
      'client/src/app/page.ts': "import { list } from '../features/coupons/list';\nimport { stock } from '../features/stock/api/get-stock';\nexport const page = list + stock;\n",
      'contracts/stock.ts': "import type { stock } from '../client/src/features/stock/api/get-stock';\nexport type Stock = typeof stock;\n",
    });
    try {
      expect(violations(sandbox, ['client/src', 'contracts']).sort()).toEqual([
        'console-kit-imports-no-feature: client/src/features/console-kit/kit.ts → client/src/features/coupons/list.ts',
        'contracts-import-no-side: contracts/stock.ts → client/src/features/stock/api/get-stock.ts',
        'features-stay-apart: client/src/features/coupons/list.ts → client/src/features/stock/api/get-stock.ts',
      ]);
    } finally {
      rmSync(sandbox, { recursive: true, force: true });
    }
  });
});
