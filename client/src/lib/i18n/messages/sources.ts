import { defineMessages } from '../locale';
import { sourcesEn } from './sources.en';

export const sourcesMessages = defineMessages(sourcesEn, () => import('./sources.bn').then((m) => m.sourcesBn));
