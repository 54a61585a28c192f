import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * `npm run check` (ADR 054) fails on what it is there for. Each tool, with the repository's own configuration
 * (client/tsconfig.json, eslint.config.mjs, .dependency-cruiser.cjs), judges files planted in a temporary
 * folder inside the repository, removed after each test: the planted problem is named, and the same file
 * without it passes, so the failure comes from the problem and not from the sandbox.
 */
const ROOT = resolve(__dirname, '../..');
const ESLINT = join(ROOT, 'node_modules/eslint/bin/eslint.js');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Writes `files` (paths relative to the repository) for the length of `use`, then removes `folder`. */
function withPlanted<T>(folder: string, files: Record<string, string>, use: (paths: string[]) => T): T {
  const paths = Object.keys(files).map((path) => join(ROOT, path));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(ROOT, path)), { recursive: true });
      writeFileSync(join(ROOT, path), text);
    }
    return use(paths);
  } finally {
    rmSync(join(ROOT, folder), { recursive: true, force: true });
  }
}

/** tsc with the client's compiler options over `rootNames` (and what they import): each error as `file(code): text`. */
function clientTypeErrors(rootNames: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'client/tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error('client/tsconfig.json could not be read');
  const program = ts.createProgram({ rootNames, options: config.options });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `${diagnostic.file ? relative(ROOT, diagnostic.file.fileName) : '-'}(${diagnostic.code}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
}

interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; severity: number; message: string }>;
}

/** ESLint as the check runs it (the repository's eslint.config.mjs) over `paths`: `file: rule (severity): message`. */
function lintFindings(paths: string[]): string[] {
  const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', '--no-warn-ignored', ...paths], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`ESLint did not run: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as LintResult[];
  return results.flatMap((result) => result.messages.map((message) => `${relative(ROOT, result.filePath)}: ${message.ruleId} (${message.severity === 2 ? 'error' : 'warning'}): ${message.message}`));
}

/** dependency-cruiser with the project's rules, from `folder`: the edges that break a rule. */
function boundaryViolations(folder: string): string[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, folder, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`dependency-cruiser did not run: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> } };
  return summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

const sandbox = (where: string) => `${where}/zz-check-sandbox-${process.pid}`;

describe('npm run check', () => {
  it('fails tsc on a type error in the client and on a Bengali catalog that lacks a key (ADR 035)', () => {
    const folder = sandbox('client/src');
    const bengali = readFileSync(join(ROOT, 'client/src/lib/i18n/messages/cart.bn.ts'), 'utf8').replace("from './cart.en'", "from '../lib/i18n/messages/cart.en'");
    const withoutSubtotal = bengali.replace(/^ {2}'cartPage\.subtotal': .*\n/m, '');
    expect(withoutSubtotal).not.toEqual(bengali);
    const component = (quantity: string) =>
      [
        "import { t } from '../lib/i18n/locale';",
        '',
        `export const quantity: number = ${quantity};`,
        "export const title: string = t('header.track');",
        '',
      ].join('\n');

    const clean = withPlanted(folder, { [`${folder}/cart.bn.ts`]: bengali, [`${folder}/quantity.ts`]: component('1') }, clientTypeErrors);
    expect(clean).toEqual([]);

    const planted = withPlanted(folder, { [`${folder}/cart.bn.ts`]: withoutSubtotal, [`${folder}/quantity.ts`]: component("t('cartPage.subtotal')") }, clientTypeErrors);
    expect(planted).toEqual([
      expect.stringMatching(new RegExp(`^${folder}/cart\\.bn\\.ts\\(2741\\): Property '"cartPage\\.subtotal"' is missing`)),
      `${folder}/quantity.ts(2322): Type 'string' is not assignable to type 'number'.`,
    ]);
  });

  it('fails ESLint on a hook called after an early return, an effect missing a dependency and an image without alt', () => {
    const folder = sandbox('client/src');
    const component = (early: string, deps: string, image: string) =>
      [
        "import { useEffect, useState } from 'react';",
        '',
        'export function Planted({ id, show }: { id: string; show: boolean }) {',
        `  ${early}`,
        "  const [text, setText] = useState('');",
        '  useEffect(() => {',
        '    setText(id);',
        `  }, ${deps});`,
        '  return (',
        '    <p>',
        `      ${image}`,
        '      {show ? text : null}',
        '    </p>',
        '  );',
        '}',
        '',
      ].join('\n');
    const path = `${folder}/planted.tsx`;

    const clean = withPlanted(folder, { [path]: component('', '[id]', '<img src="/tee.png" alt="Tee" />') }, lintFindings);
    expect(clean).toEqual([]);

    const planted = withPlanted(folder, { [path]: component('if (!show) return null;', '[]', '<img src="/tee.png" />') }, lintFindings);
    expect(planted).toEqual([
      expect.stringMatching(new RegExp(`^${path}: react-hooks/rules-of-hooks \\(error\\): React Hook "useState" is called conditionally`)),
      expect.stringMatching(new RegExp(`^${path}: react-hooks/rules-of-hooks \\(error\\): React Hook "useEffect" is called conditionally`)),
      expect.stringMatching(new RegExp(`^${path}: react-hooks/exhaustive-deps \\(error\\): React Hook useEffect has a missing dependency: 'id'`)),
      expect.stringMatching(new RegExp(`^${path}: jsx-a11y/alt-text \\(error\\): img elements must have an alt prop`)),
    ]);
  });

  it("fails dependency-cruiser on a context importing another context's write/ or api/ code, and lets it read another's domain", () => {
    const folder = sandbox('server/ordering');
    const path = `${folder}/planted.ts`;
    const allowed = "import { skuDecider } from '../../inventory/domain/sku';\nexport const planted = [skuDecider];\n";
    const forbidden = [
      "import { CatalogWriter } from '../../catalog/write/catalog-writer';",
      "import { receiveStockRequest } from '../../inventory/api/admin-stock.requests';",
      "import { skuDecider } from '../../inventory/domain/sku';",
      'export const planted = [skuDecider, CatalogWriter, receiveStockRequest];',
      '',
    ].join('\n');

    expect(withPlanted(folder, { [path]: allowed }, () => boundaryViolations(folder))).toEqual([]);
    expect(withPlanted(folder, { [path]: forbidden }, () => boundaryViolations(folder)).sort()).toEqual([
      `no-other-context-api-or-write: ${path} → server/catalog/write/catalog-writer.ts`,
      `no-other-context-api-or-write: ${path} → server/inventory/api/admin-stock.requests.ts`,
    ]);
  });
});
