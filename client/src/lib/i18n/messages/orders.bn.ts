import type { ordersEn } from './orders.en';

export const ordersBn: Record<keyof typeof ordersEn, string> = {
};
