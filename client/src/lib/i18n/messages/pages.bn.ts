import type { pagesEn } from './pages.en';

export const pagesBn: Record<keyof typeof pagesEn, string> = {
  'categories.title': 'ক্যাটাগরি',
  'siteMap.title': 'সাইট ম্যাপ',
  'info.information': 'তথ্য',
  'info.loadFailed': 'পৃষ্ঠাটি লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  'contact.title': 'যোগাযোগ',
  'contact.heading': 'যোগাযোগ করুন',
  'contact.ourStore': 'আমাদের দোকান',
  'contact.missingTitle': 'কিছু ঘর খালি',
  'contact.missingText': 'পাঠানোর আগে সব ঘর পূরণ করুন।',
  'contact.sent': 'বার্তা পাঠানো হয়েছে!',
  'contact.firstName': 'নামের প্রথম অংশ',
  'contact.lastName': 'নামের শেষ অংশ',
  'contact.phone': 'ফোন নম্বর',
  'contact.email': 'ইমেইল',
  'contact.message': 'বার্তা',
  'contact.send': 'বার্তা পাঠান',
};
