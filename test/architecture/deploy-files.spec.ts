import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { errorBody } from '../../server/common/errors/api-exception.filter';
import { envSchema } from '../../server/config/env';
import { StoreMetrics } from '../../server/observability/metrics/store-metrics';
import { STORE_NODE_FLAGS, withStoreNodeFlags } from '../../scripts/node-flags.mjs';

/**
 * The files an operator deploys from (issue 28) say what the store really is: the env template names every
 * setting the server reads, the HAProxy configuration is valid and answers the store's JSON 503, the alert rules
 * use metrics the store exports (and pass `promtool` where it is installed), the systemd units and the compose
 * file start entry points that exist, with no demo seed, as a non-root user on a supported Node.
 */
const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const installed = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

describe('deploy files', () => {
  it('the env template names every setting the server reads, with the production ones required', () => {
    const template = read('deploy/store.env.example');
    const named = new Set([...template.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const settings = Object.keys(envSchema.shape).filter((name) => name !== 'PORT');
    expect(settings.filter((name) => !named.has(name))).toEqual([]);
    for (const required of ['NODE_ENV=production', 'SEED_DEMO=false', 'JWT_SECRET=', 'PERSONAL_DATA_KEY=', 'APP_ORIGINS=']) expect(template).toMatch(new RegExp(`^${required}`, 'm'));
  });

  it('HAProxy passes the client address on, checks readiness and answers the store\'s JSON 503 with Retry-After', () => {
    const config = read('deploy/haproxy/tee-bazaar.cfg');
    expect(config).toMatch(/^\s+option forwardfor$/m);
    expect(config).toMatch(/^\s+option httpchk GET \/api\/health\/ready$/m);
    const [head, body] = read('deploy/haproxy/tee-bazaar-503.http').split('\r\n\r\n');
    expect(head.split('\r\n')).toEqual(expect.arrayContaining(['HTTP/1.1 503 Service Unavailable', 'Content-Type: application/json; charset=utf-8', 'Retry-After: 5']));
    expect(JSON.parse(body)).toEqual(errorBody('unavailable'));
    // HAProxy itself reads both (the errorfile from where the configuration names it).
    expect(installed('haproxy')).toBe(true);
    const folder = mkdtempSync(join(tmpdir(), 'haproxy-check-'));
    try {
      copyFileSync(join(ROOT, 'deploy/haproxy/tee-bazaar-503.http'), join(folder, '503.http'));
      for (const file of ['tee-bazaar.cfg', 'compose.cfg']) {
        const checked = join(folder, file);
        writeFileSync(checked, read(`deploy/haproxy/${file}`).replace('/etc/haproxy/errors/tee-bazaar-503.http', join(folder, '503.http')).replace('log /dev/log local0', 'log stdout format raw local0'));
        const run = spawnSync('haproxy', ['-c', '-f', checked], { encoding: 'utf8' });
        expect({ file, status: run.status, output: run.status === 0 ? '' : run.stdout + run.stderr }).toEqual({ file, status: 0, output: '' });
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the alert rules use only metrics the store exports, and promtool accepts them where it is installed', async () => {
    const rules = load(read('deploy/prometheus/tee-bazaar.rules.yml')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> };
    const exported = new Set((await new StoreMetrics().registry.getMetricsAsJSON()).map((metric) => metric.name));
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual(expect.arrayContaining([
      'TeeBazaarProjectionLag', 'TeeBazaarDeadMessages', 'TeeBazaarMessageBacklog', 'TeeBazaarMessagesLate', 'TeeBazaarMessageSubscriptionLag',
      'TeeBazaarMessageSubscriptionFailing', 'TeeBazaarServerErrors',
    ]));
    for (const rule of alerts) {
      const names = [...rule.expr.matchAll(/\b((?:store|http)_[a-z_]+)\b/g)].map((match) => match[1].replace(/_(count|sum|bucket)$/, ''));
      expect({ alert: rule.alert, unknown: names.filter((name) => !exported.has(name)) }).toEqual({ alert: rule.alert, unknown: [] });
    }
    if (installed('promtool')) {
      const run = spawnSync('promtool', ['check', 'rules', join(ROOT, 'deploy/prometheus/tee-bazaar.rules.yml')], { encoding: 'utf8' });
      expect({ status: run.status, output: run.stdout + run.stderr }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
      // The message alerts fire for a stopped worker and stay silent before their time (tee-bazaar.rules.test.yml).
      const test = spawnSync('promtool', ['test', 'rules', join(ROOT, 'deploy/prometheus/tee-bazaar.rules.test.yml')], { encoding: 'utf8' });
      expect({ status: test.status, output: test.stdout + test.stderr }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
    }
  });

  it('npm start adds the store\'s V8 flags to NODE_OPTIONS, leaving a flag the operator set as it is', () => {
    expect(withStoreNodeFlags()).toBe(STORE_NODE_FLAGS.join(' '));
    expect(withStoreNodeFlags('--enable-source-maps')).toBe(['--enable-source-maps', ...STORE_NODE_FLAGS].join(' '));
    const [flag] = STORE_NODE_FLAGS;
    const operators = `${flag.split('=')[0]}=8`;
    expect(withStoreNodeFlags(operators)).toBe(operators);
  });

  it('systemd units and the compose file start built entry points with the store\'s V8 flags, without the demo seed, as a non-root user on Node 22', () => {
    const entryPoints = new Set<string>();
    for (const unit of ['tee-bazaar-api@.service', 'tee-bazaar-worker.service', 'tee-bazaar-migrate.service']) {
      const text = read(`deploy/systemd/${unit}`);
      expect(text).toMatch(/^User=teebazaar$/m);
      expect(text).toMatch(/^EnvironmentFile=\/etc\/tee-bazaar\/store.env$/m);
      for (const match of text.matchAll(/^ExecStart=\/usr\/bin\/node (dist\/server\/[a-z-]+)\.js$/gm)) entryPoints.add(match[1]);
    }
    const compose = load(read('docker-compose.yml')) as { services: Record<string, { command?: string[]; environment?: Record<string, string> }> };
    expect(Object.keys(compose.services).sort()).toEqual(['api1', 'api2', 'balancer', 'migrate', 'postgres', 'redis', 'worker']);
    for (const name of ['api1', 'api2', 'worker', 'migrate']) {
      expect({ name, seed: compose.services[name].environment?.SEED_DEMO }).toEqual({ name, seed: 'false' });
      const command = compose.services[name].command;
      if (command) entryPoints.add(command[1].replace(/\.js$/, ''));
    }
    expect([...entryPoints].sort()).toEqual(['dist/server/main', 'dist/server/migrate-cli', 'dist/server/worker']);
    for (const entry of entryPoints) expect(existsSync(join(ROOT, entry.replace('dist/server', 'server') + '.ts'))).toBe(true);
    const dockerfile = read('Dockerfile');
    // The API and the worker run with the V8 flags `npm start` gives them (scripts/node-flags.mjs).
    const nodeOptions = (text: string, setting: RegExp) => [...text.matchAll(setting)].map((match) => match[1]);
    const flags = STORE_NODE_FLAGS.join(' ');
    expect(nodeOptions(dockerfile, /^ENV NODE_OPTIONS=(.+)$/gm)).toEqual([flags]);
    for (const unit of ['tee-bazaar-api@.service', 'tee-bazaar-worker.service']) {
      expect({ unit, options: nodeOptions(read(`deploy/systemd/${unit}`), /^Environment=NODE_OPTIONS=(.+)$/gm) }).toEqual({ unit, options: [flags] });
    }
    expect(dockerfile).toMatch(/^FROM node:22-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    if (spawnSync('docker', ['compose', 'version']).status === 0) {
      const run = spawnSync('docker', ['compose', '-f', join(ROOT, 'docker-compose.yml'), 'config', '--quiet'], {
        encoding: 'utf8',
        env: { ...process.env, JWT_SECRET: 'j'.repeat(40), PERSONAL_DATA_KEY: 'p'.repeat(40), APP_ORIGINS: 'http://localhost:8080' },
      });
      expect({ status: run.status, output: run.stderr }).toEqual({ status: 0, output: '' });
    }
  });
});
