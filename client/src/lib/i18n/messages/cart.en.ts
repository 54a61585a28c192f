/** English texts of the cart screens (the specification's wording); Bengali in cart.bn.ts. */
export const cartEn = {
} as const;
