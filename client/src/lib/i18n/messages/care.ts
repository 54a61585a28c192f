import { defineMessages } from '../locale';
import { careEn } from './care.en';

export const careMessages = defineMessages(careEn, () => import('./care.bn').then((m) => m.careBn));
