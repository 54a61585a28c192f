import type { cartEn } from './cart.en';

export const cartBn: Record<keyof typeof cartEn, string> = {
};
