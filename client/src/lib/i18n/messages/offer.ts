import { defineMessages } from '../locale';
import { offerEn } from './offer.en';

export const offerMessages = defineMessages(offerEn, () => import('./offer.bn').then((m) => m.offerBn));
