import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { passwordProblems } from './accounts/passwords/password-policy';
import { StaffAccounts } from './accounts/staff/staff-accounts';
import { createCategoryRequest, createProductRequest, slugify, STORE_SIZES } from './catalog/admin/admin-catalog.requests';
import { CategoryAdmin } from './catalog/admin/category-admin';
import { ProductAdmin } from './catalog/admin/product-admin';
import { SettingsAdmin } from './catalog/admin/settings-admin';
import { settingsRequest } from './catalog/admin/settings-fields';
import { DomainError, ValidationFailedError } from './common/errors/domain-error';
import type { RequestMetadata } from './common/request/request-metadata';
import { parseOrThrow } from './common/validation/zod-validation.pipe';
import { ProjectionRunner } from './event-store/projection-runner';
import { ReceiveStockCommand } from './inventory/change-stock/change-stock.commands';
import { FIRST_RUN_PAGES, readFirstRunStatus } from './operations/first-run/first-run-status';
import { runCli, withCliApplication } from './cli';
import { APP_CONFIG, type AppConfig } from './config/app-config';

/**
 * `npm run setup`: takes a store started with SEED_DEMO=false on an empty database to one that sells — the first
 * admin (e-mail and password), the settings a checkout needs (shop name, hotline, delivery charges), one
 * category, one product with its sizes and price, published, and stock per size. Each step goes through the
 * store's own commands, as the console's would, recorded as events with the actor `setup-cli`; nothing is
 * written to a table by hand. Run it again and it skips what is there already (an admin with that e-mail, saved
 * settings, the category by its slug, the product by its SKU, a size that has had stock), so nothing doubles.
 *
 * Asks for each value on a terminal; takes them from flags or SETUP_* variables for scripts (`--yes` never
 * asks). The password is never a flag (a command line is visible to every user of the machine): it is asked for
 * without echo, or read from SETUP_ADMIN_PASSWORD; without either, a single-use set-password link is printed.
 */
interface Field {
  flag: string;
  env: string;
  ask: string;
  fallback?: (values: Values) => string | undefined;
}
type Values = Record<string, string | undefined>;

const FIELDS: readonly Field[] = [
  { flag: 'admin-email', env: 'SETUP_ADMIN_EMAIL', ask: 'First admin\'s e-mail' },
  { flag: 'admin-name', env: 'SETUP_ADMIN_NAME', ask: 'First admin\'s name', fallback: (v: Values) => v['admin-email']?.split('@')[0] },
  { flag: 'shop-name', env: 'SETUP_SHOP_NAME', ask: 'Shop name' },
  { flag: 'phone', env: 'SETUP_SHOP_PHONE', ask: 'Hotline (the phone shoppers call)' },
  { flag: 'delivery-inside', env: 'SETUP_DELIVERY_INSIDE_DHAKA', ask: 'Delivery charge inside Dhaka, Taka', fallback: () => '60' },
  { flag: 'delivery-outside', env: 'SETUP_DELIVERY_OUTSIDE_DHAKA', ask: 'Delivery charge outside Dhaka, Taka', fallback: () => '120' },
  { flag: 'category', env: 'SETUP_CATEGORY', ask: 'First category' },
  { flag: 'product', env: 'SETUP_PRODUCT', ask: 'First product\'s name' },
  { flag: 'price', env: 'SETUP_PRICE', ask: 'Its price, Taka' },
  { flag: 'sizes', env: 'SETUP_SIZES', ask: `Its sizes (of ${STORE_SIZES.join(', ')})`, fallback: () => 'M,L,XL' },
  { flag: 'stock', env: 'SETUP_STOCK', ask: 'Units in stock per size (one number, or M=5,L=8)', fallback: () => '10' },
];

const USAGE = `usage: npm run setup [-- --yes] ${FIELDS.map((field) => `[--${field.flag} <value>]`).join(' ')}
Each value may also come from its variable (${FIELDS.map((field) => field.env).join(', ')}); the admin's password from
SETUP_ADMIN_PASSWORD or a prompt. --yes: ask nothing (for scripts), use the defaults where there are some.`;

const ACTOR = { id: 'setup-cli', role: 'system', name: 'npm run setup' } as const;

async function main(): Promise<number> {
  const { values: flags } = parseArgs({
    args: process.argv.slice(2),
    options: { ...Object.fromEntries(FIELDS.map((field) => [field.flag, { type: 'string' as const }])), yes: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const interactive = !flags.yes && process.stdin.isTTY === true;
  return withCliApplication(
    async (app) => {
      const status = await readFirstRunStatus(app.get(DataSource));
      const adminExists = await hasAdmin(app);
      if (status.ready && adminExists) {
        process.stdout.write('This shop is set up already: nothing to do.\n');
        printNext(app, true);
        return 0;
      }
      const values = await collect(flags as Values, interactive);
      try {
        await setUp(app, values, process.env.SETUP_ADMIN_PASSWORD ?? (interactive && values['admin-email'] ? await askPassword() : undefined));
      } catch (error) {
        if (error instanceof DomainError) {
          process.stderr.write(`${describe(error)}\n`);
          return 1;
        }
        throw error;
      }
      await app.get(ProjectionRunner).waitUntilCaughtUp();
      const after = await readFirstRunStatus(app.get(DataSource));
      printNext(app, after.ready);
      return after.ready ? 0 : 1;
    },
    { runProjections: true },
  );
}

/** Every value from its flag, its variable, the terminal or its default; a missing one ends the run naming it. */
async function collect(flags: Values, interactive: boolean): Promise<Values> {
  const values: Values = {};
  const terminal = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  try {
    for (const field of FIELDS) {
      const given = flags[field.flag] ?? process.env[field.env];
      const fallback = field.fallback?.(values);
      if (given !== undefined) values[field.flag] = given;
      else if (terminal) values[field.flag] = (await terminal.question(`${field.ask}${fallback ? ` [${fallback}]` : ''}: `)).trim() || fallback;
      else values[field.flag] = fallback;
    }
  } finally {
    terminal?.close();
  }
  return values;
}

/** The password, typed without echo, twice. */
async function askPassword(): Promise<string | undefined> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const terminal = createInterface({ input: process.stdin, output: muted, terminal: true });
    const answer = await terminal.question('');
    terminal.close();
    process.stdout.write('\n');
    return answer;
  };
  for (;;) {
    const password = await ask('Admin password (empty: print a set-password link instead): ');
    if (password === '') return undefined;
    const problems = passwordProblems(password);
    if (problems.length > 0) {
      process.stdout.write(`That password will not do (${problems.map((problem) => problem.code).join(', ')}): at least 8 characters, not a common one.\n`);
      continue;
    }
    if ((await ask('Again: ')) === password) return password;
    process.stdout.write('The two did not match.\n');
  }
}

async function setUp(app: INestApplicationContext, values: Values, password: string | undefined): Promise<void> {
  const dataSource = app.get(DataSource);
  const meta = (): RequestMetadata => ({ requestId: randomUUID(), correlationId: correlation, actor: ACTOR });
  const correlation = randomUUID();
  const say = (line: string) => process.stdout.write(`${line}\n`);

  // 1. The first admin.
  const email = values['admin-email']?.trim().toLowerCase();
  if (email) {
    const [known] = await dataSource.query(`SELECT role FROM users WHERE email = $1`, [email]);
    if (known) say(`✓ admin: ${email} has an account already (${known.role}); left as it is.`);
    else {
      if (password !== undefined) {
        const problems = passwordProblems(password);
        if (problems.length > 0) throw new ValidationFailedError({ password: problems });
      }
      const { staff, link } = await app.get(StaffAccounts).add({ email, name: values['admin-name'] || email.split('@')[0], role: 'admin' }, { correlationId: correlation, causationId: null, actor: ACTOR });
      if (password === undefined) say(`✓ admin: added ${staff.email}. Set its password with this link (once, within a week; it was mailed too):\n  ${link}`);
      else {
        const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
        await app.get(StaffAccounts).accept(token, password, { correlationId: correlation, causationId: null, actor: ACTOR });
        say(`✓ admin: added ${staff.email} with the password given; sign in at /admin.`);
      }
    }
  } else if (!(await hasAdmin(app))) say('! admin: no e-mail given and no admin yet; add one with --admin-email (or `npm run staff -- create`).');

  // 2. The settings a checkout needs.
  const settings = app.get(SettingsAdmin);
  if ((await settings.read()).version > 0) say('✓ settings: saved already; change them at /admin/settings.');
  else {
    const input = parseOrThrow(settingsRequest, {
      name: values['shop-name'],
      hotline: values.phone ?? '',
      devliery_charge: values['delivery-outside'],
      devliery_charge_inside_dhk: values['delivery-inside'],
      devliery_charge_outside_dhk: values['delivery-outside'],
    }) as Record<string, unknown>;
    await settings.save(input, 0, meta());
    say(`✓ settings: ${values['shop-name']}, delivery ৳${values['delivery-inside']} inside Dhaka and ৳${values['delivery-outside']} outside.`);
  }

  // 3. A category, found again by its slug.
  const categoryName = values.category?.trim();
  if (!categoryName) throw ValidationFailedError.field('category', 'field-required', { field: 'category' });
  const categoryInput = parseOrThrow(createCategoryRequest, { name: categoryName });
  const slug = slugify(categoryName);
  let [category]: Array<{ id: number }> = await dataSource.query(`SELECT id FROM categories WHERE slug = $1`, [slug]);
  if (category) say(`✓ category: "${categoryName}" is there already.`);
  else {
    category = await app.get(CategoryAdmin).create(categoryInput, meta());
    say(`✓ category: "${categoryName}" added.`);
  }

  // 4. A product, found again by its SKU, published.
  const productName = values.product?.trim() ?? '';
  const sku = slugify(productName).toUpperCase().slice(0, 40).replace(/-+$/, '');
  const productInput = parseOrThrow(createProductRequest, { name: productName, category_id: category.id, price: values.price, sizes: values.sizes, sku: sku || undefined, publish: true });
  const products = app.get(ProductAdmin);
  const [existing]: Array<{ id: number }> = await dataSource.query(`SELECT id FROM catalog_products WHERE sku = $1`, [productInput.sku]);
  let product = existing ? await products.get(existing.id) : undefined;
  if (!product) {
    product = await products.create(productInput, meta());
    say(`✓ product: "${productName}" (SKU ${product.sku}) at ৳${productInput.price}, sizes ${productInput.sizes.join(', ')}, published.`);
  } else if (product.status !== 'published') {
    product = await products.publish(product.id, true, meta());
    say(`✓ product: "${product.name}" was there as a draft; published.`);
  } else say(`✓ product: "${product.name}" (SKU ${product.sku}) is there already.`);

  // 5. Stock per size, for the sizes that never had any.
  const perSize = stockPerSize(values.stock ?? '', product.sizes);
  const received: string[] = [];
  for (const size of product.sizes) {
    const [had] = await dataSource.query(`SELECT 1 FROM events WHERE stream_id = $1 LIMIT 1`, [`sku-${product.id}-${size}`]);
    if (had || !perSize[size]) continue;
    await app.get(CommandBus).execute(new ReceiveStockCommand(product.id, size, perSize[size], 'First stock (npm run setup)', meta()));
    received.push(`${size} ${perSize[size]}`);
  }
  say(received.length > 0 ? `✓ stock: received ${received.join(', ')}.` : '✓ stock: every size has had stock already; receive more at /admin/stock.');
}

/** `10` for every size, or `M=5,L=8`. */
function stockPerSize(text: string, sizes: readonly string[]): Record<string, number> {
  const whole = (value: string, field: string) => {
    if (!/^\d{1,6}$/.test(value.trim()) || Number(value) < 1) throw ValidationFailedError.field('stock', 'field-at-least', { field, min: 1 });
    return Number(value);
  };
  if (!text.includes('=')) return Object.fromEntries(sizes.map((size) => [size, whole(text, 'stock')]));
  const answer: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [size, units] = part.split('=');
    answer[size.trim().toUpperCase()] = whole(units ?? '', `stock of ${size.trim()}`);
  }
  return answer;
}

async function hasAdmin(app: INestApplicationContext): Promise<boolean> {
  const rows: unknown[] = await app.get(DataSource).query(`SELECT 1 FROM users WHERE role = 'admin' AND disabled_at IS NULL LIMIT 1`);
  return rows.length > 0;
}

function describe(error: DomainError): string {
  const fields = error instanceof ValidationFailedError && error.errors ? Object.entries(error.errors).map(([field, messages]) => `  ${field}: ${messages.join(' ')}`) : [];
  return [`Setup stopped: ${error.message}`, ...fields, 'Nothing after this step was done; run `npm run setup` again with the value corrected.'].join('\n');
}

function printNext(app: INestApplicationContext, ready: boolean): void {
  const origin = app.get<AppConfig>(APP_CONFIG).appOrigins[0] ?? '';
  process.stdout.write(
    ready
      ? `\nThe shop takes orders now. Next:\n` +
          `  - sign in at ${origin}/login and open ${origin}/admin (orders arrive there);\n` +
          `  - add pictures and a description to the product: ${origin}${FIRST_RUN_PAGES.product.replace('/new', '')};\n` +
          `  - fill in the info pages (${origin}/admin/pages) and the rest of the settings (${origin}${FIRST_RUN_PAGES.settings});\n` +
          `  - set SMS_URL and SMTP_URL so order messages reach customers (until then they are written under DATA_DIR).\n`
      : `\nThe shop cannot take orders yet: see the checklist at ${origin}/admin.\n`,
  );
}

runCli('npm run setup failed', main);
