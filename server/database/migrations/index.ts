import { EventStore1763800000001 } from './1763800000001-event-store';
import { Catalog1763800000002 } from './1763800000002-catalog';
import { Inventory1763800000003 } from './1763800000003-inventory';
import { Accounts1763800000004 } from './1763800000004-accounts';
import { SeedRuns1763800000005 } from './1763800000005-seed-runs';

/**
 * Every schema migration, in order. TypeORM runs the pending ones at start; the schema is never synchronised
 * from entities. Add a new migration class at the end; never edit one that has shipped.
 */
export const migrations: Function[] = [EventStore1763800000001, Catalog1763800000002, Inventory1763800000003, Accounts1763800000004, SeedRuns1763800000005];

// Accounts security (tokens, rate limits) and mail delivery bookkeeping (issue 4).
import { AccountSecurity1763800000201 } from './1763800000201-account-security';
import { Mail1763800000202 } from './1763800000202-mail';
migrations.push(AccountSecurity1763800000201, Mail1763800000202);

// Ordering read models and checkout idempotency (issue 3).
import { Ordering1763800000101 } from './1763800000101-ordering';
migrations.push(Ordering1763800000101);

// Catalog search by words (issue 8).
import { ProductSearchWords1763800000006 } from './1763800000006-product-search-words';
migrations.push(ProductSearchWords1763800000006);
