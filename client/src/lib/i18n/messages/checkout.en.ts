/** English texts of the checkout screens (the specification's wording); Bengali in checkout.bn.ts. */
export const checkoutEn = {
} as const;
