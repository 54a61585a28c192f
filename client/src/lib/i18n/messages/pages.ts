import { defineMessages } from '../locale';
import { pagesEn } from './pages.en';

export const pagesMessages = defineMessages(pagesEn, () => import('./pages.bn').then((m) => m.pagesBn));
