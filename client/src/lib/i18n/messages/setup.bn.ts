import type { setupEn } from './setup.en';

export const setupBn: Record<keyof typeof setupEn, string> = {
  'setup.title': 'আপনার দোকান চালু করুন',
  'setup.intro': 'এই ধাপগুলো শেষ না হওয়া পর্যন্ত দোকান কোনো অর্ডার নেবে না। প্রতিটি ধাপ তার পাতায় করুন, অথবা সার্ভারে একবার npm run setup চালান।',
  'setup.step.settings': 'দোকানের সেটিংস সংরক্ষণ করুন: নাম, হটলাইন, ডেলিভারি চার্জ',
  'setup.step.category': 'একটি ক্যাটাগরি যোগ করুন',
  'setup.step.product': 'সাইজ ও দামসহ একটি পণ্য যোগ করে প্রকাশ করুন',
  'setup.step.stock': 'তার একটি সাইজের স্টক গ্রহণ করুন',
  'setup.done': 'সম্পন্ন',
  'setup.todo': 'বাকি',
};
