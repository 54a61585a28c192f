import { defineMessages } from '../locale';
import { setupEn } from './setup.en';

export const setupMessages = defineMessages(setupEn, () => import('./setup.bn').then((m) => m.setupBn));
