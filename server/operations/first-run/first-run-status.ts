import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { FirstRunStatus, FirstRunStep } from '../../../contracts/first-run';

/** The console page where an admin does each step (client/src/app/routes/admin/console.tsx). */
export const FIRST_RUN_PAGES: Record<FirstRunStep, string> = {
  settings: '/admin/settings',
  category: '/admin/categories',
  product: '/admin/products/new',
  stock: '/admin/stock',
};

/**
 * Whether a store can take an order, from the read models a checkout reads: the settings row (without it a
 * checkout is refused with "The shop is not set up yet"), a category, a product in the shop, and a size of
 * one in stock. Read by the console's checklist, `npm run setup` and the API's start log.
 */
export async function readFirstRunStatus(dataSource: DataSource): Promise<FirstRunStatus> {
  const [row]: Array<Record<FirstRunStep, boolean>> = await dataSource.query(
    `SELECT EXISTS (SELECT 1 FROM settings WHERE id = 1) AS settings,
            EXISTS (SELECT 1 FROM categories) AS category,
            EXISTS (SELECT 1 FROM products) AS product,
            EXISTS (SELECT 1 FROM sku_stock s JOIN products p ON p.id = s.product_id WHERE s.available > 0) AS stock`,
  );
  const steps = (Object.keys(FIRST_RUN_PAGES) as FirstRunStep[]).map((step) => ({ step, done: row[step] === true }));
  return { ready: steps.every((step) => step.done), steps };
}

/** The line an owner reads in the log of a store that cannot take orders yet; null when it can. */
export function notSetUpMessage(status: FirstRunStatus, origin: string): string | null {
  if (status.ready) return null;
  const missing = status.steps.filter((step) => !step.done).map((step) => `${step.step} (${origin}${FIRST_RUN_PAGES[step.step]})`);
  return `shop not set up, checkout refuses orders until it is: run \`npm run setup\` or open ${origin}/admin (missing: ${missing.join(', ')})`;
}

export class GetFirstRunStatusQuery extends Query<FirstRunStatus> {}

@QueryHandler(GetFirstRunStatusQuery)
export class GetFirstRunStatusHandler implements IQueryHandler<GetFirstRunStatusQuery, FirstRunStatus> {
  constructor(private readonly dataSource: DataSource) {}

  execute(): Promise<FirstRunStatus> {
    return readFirstRunStatus(this.dataSource);
  }
}
