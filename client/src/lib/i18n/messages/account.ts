import { defineMessages } from '../locale';
import { accountEn } from './account.en';

export const accountMessages = defineMessages(accountEn, () => import('./account.bn').then((m) => m.accountBn));
