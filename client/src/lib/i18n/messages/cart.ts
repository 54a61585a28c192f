import { defineMessages } from '../locale';
import { cartEn } from './cart.en';

export const cartMessages = defineMessages(cartEn, () => import('./cart.bn').then((m) => m.cartBn));
