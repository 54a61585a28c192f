import type { checkoutEn } from './checkout.en';

export const checkoutBn: Record<keyof typeof checkoutEn, string> = {
};
