import { defineMessages } from '../locale';
import { payoutsEn } from './payouts.en';

export const payoutsMessages = defineMessages(payoutsEn, () => import('./payouts.bn').then((m) => m.payoutsBn));
