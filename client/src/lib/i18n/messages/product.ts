import { defineMessages } from '../locale';
import { productEn } from './product.en';

export const productMessages = defineMessages(productEn, () => import('./product.bn').then((m) => m.productBn));
