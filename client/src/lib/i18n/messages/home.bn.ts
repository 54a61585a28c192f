import type { homeEn } from './home.en';

export const homeBn: Record<keyof typeof homeEn, string> = {
  'home.trending': 'জনপ্রিয় পণ্য',
  'home.featured': 'বিশেষ কালেকশন',
  'home.slide1.title': 'নতুন মৌসুমের টি-শার্ট',
  'home.slide1.text': 'নরম ১৮০ জিএসএম কম্বড কটন, ঢাকার গরমের জন্য তৈরি।',
  'home.slide1.cta': 'এখনই কিনুন',
  'home.slide2.title': 'গর্জে ওঠা গ্রাফিক টি-শার্ট',
  'home.slide2.text': 'সাহসী প্রিন্ট, বারবার ধোয়ার পরেও রং অটুট।',
  'home.slide2.cta': 'ছেলেদের কালেকশন',
  'home.slide3.title': 'মেয়েদের প্রতিদিনের বেসিক',
  'home.slide3.text': 'প্লেইন টি-শার্ট, ক্রপ টপ আর ওভারসাইজড ফিট।',
  'home.slide3.cta': 'মেয়েদের কালেকশন',
  'home.slideOf': '{total}টির মধ্যে {n}',
  'home.play': 'স্লাইডশো চালু করুন',
  'home.pause': 'স্লাইডশো থামান',
  'home.goToSlide': '{n} নম্বর স্লাইডে যান',
  'home.offers': 'অফার',
  'home.promo.men': 'ছেলেদের কালেকশন',
  'home.promo.women': 'মেয়েদের কালেকশন',
  'home.promo.upTo': '{percent}% পর্যন্ত ছাড়',
  'home.promo.cta': 'এখনই কিনুন →',
};
