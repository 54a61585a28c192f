/** English texts of the orders screens (the specification's wording); Bengali in orders.bn.ts. */
export const ordersEn = {
} as const;
