import { defineMessages } from '../locale';
import { shopEn } from './shop.en';

export const shopMessages = defineMessages(shopEn, () => import('./shop.bn').then((m) => m.shopBn));
