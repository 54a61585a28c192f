import { defineMessages } from '../locale';
import { staffEn } from './staff.en';

export const staffMessages = defineMessages(staffEn, () => import('./staff.bn').then((m) => m.staffBn));
