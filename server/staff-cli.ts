import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { StaffAccounts, addStaffRequest } from './accounts/staff/staff-accounts';
import { ValidationFailedError } from './common/errors/domain-error';
import { parseOrThrow } from './common/validation/zod-validation.pipe';
import { runCli, withCliApplication } from './cli';

/**
 * `npm run staff -- create --email owner@example.com --role admin [--name "Shop Owner"]`: adds a staff
 * account to the store's database (the first admin of a store started with SEED_DEMO=false) and prints a
 * single-use link that sets its password. No password is ever given on the command line. The same link is
 * mailed to the address. With the embedded database it attaches to the one the running store started.
 */
const USAGE = 'usage: npm run staff -- create --email <address> --role admin|care [--name "<name>"]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals[0] !== 'create') {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  let input;
  try {
    input = parseOrThrow(addStaffRequest, {
      email: values.email,
      role: values.role,
      name: values.name ?? (values.email ? values.email.split('@')[0] : undefined),
    });
  } catch (error) {
    if (!(error instanceof ValidationFailedError)) throw error;
    for (const [field, messages] of Object.entries(error.errors ?? {})) process.stderr.write(`--${field}: ${messages.join(' ')}\n`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return withCliApplication(async (app) => {
    try {
      const { staff, link } = await app.get(StaffAccounts).add(input, {
        correlationId: crypto.randomUUID(),
        causationId: null,
        actor: { id: 'staff-cli', role: 'system', name: 'npm run staff' },
      });
      process.stdout.write(
        `Added ${staff.role} ${staff.name} <${staff.email}>.\n` +
          `Open this link to set the password (it works once, for a week; it was mailed too):\n${link}\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof ValidationFailedError) {
        process.stderr.write(`${error.message}\n`);
        return 1;
      }
      throw error;
    }
  });
}

runCli('npm run staff failed', main);
