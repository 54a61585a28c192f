import { defineMessages } from '../locale';
import { homeEn } from './home.en';

export const homeMessages = defineMessages(homeEn, () => import('./home.bn').then((m) => m.homeBn));
