import { defineMessages } from '../locale';
import { returnsEn } from './returns.en';

export const returnsMessages = defineMessages(returnsEn, () => import('./returns.bn').then((m) => m.returnsBn));
