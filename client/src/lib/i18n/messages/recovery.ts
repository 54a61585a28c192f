import { defineMessages } from '../locale';
import { recoveryEn } from './recovery.en';

export const recoveryMessages = defineMessages(recoveryEn, () => import('./recovery.bn').then((m) => m.recoveryBn));
