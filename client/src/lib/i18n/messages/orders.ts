import { defineMessages } from '../locale';
import { ordersEn } from './orders.en';

export const ordersMessages = defineMessages(ordersEn, () => import('./orders.bn').then((m) => m.ordersBn));
