import type { sourcesEn } from './sources.en';

export const sourcesBn: Record<keyof typeof sourcesEn, string> = {
  'sources.title': 'উৎস অনুযায়ী অর্ডার',
  'sources.intro': 'এই কয়দিনে দোকানে দেওয়া অর্ডার, ক্রেতা কোথা থেকে এসেছেন সেই অনুযায়ী (utm_source সহ লিংক, ফেসবুক ক্লিক, যে সাইট থেকে এসেছেন)।',
  'sources.source': 'উৎস',
  'sources.orders': 'অর্ডার',
  'sources.revenue': 'আয়',
  'sources.facebook': 'ফেসবুক',
  'sources.instagram': 'ইনস্টাগ্রাম',
  'sources.search': 'সার্চ ইঞ্জিন',
  'sources.direct': 'সরাসরি',
  'sources.other': 'অন্য সাইট ও লিংক',
};
