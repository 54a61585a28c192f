import { defineMessages } from '../locale';
import { myaccountEn } from './myaccount.en';

export const myaccountMessages = defineMessages(myaccountEn, () => import('./myaccount.bn').then((m) => m.myaccountBn));
