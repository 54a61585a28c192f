import { defineMessages } from '../locale';
import { parcelEn } from './parcel.en';

export const parcelMessages = defineMessages(parcelEn, () => import('./parcel.bn').then((m) => m.parcelBn));
