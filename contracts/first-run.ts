/** A step an owner takes before the shop sells, in the order they take it. */
export type FirstRunStep = 'settings' | 'category' | 'product' | 'stock';

/**
 * What the console's first-run checklist shows an admin (GET /admin/first-run), and what `npm run setup` and a
 * store's start log read: whether the shop can take an order, and which steps are done. `ready` is true when
 * every step is done.
 */
export interface FirstRunStatus {
  ready: boolean;
  steps: Array<{ step: FirstRunStep; done: boolean }>;
}
