import { defineMessages } from '../locale';
import { phoneEn } from './phone.en';

export const phoneMessages = defineMessages(phoneEn, () => import('./phone.bn').then((m) => m.phoneBn));
