import { defineMessages } from '../locale';
import { checkoutEn } from './checkout.en';

export const checkoutMessages = defineMessages(checkoutEn, () => import('./checkout.bn').then((m) => m.checkoutBn));
