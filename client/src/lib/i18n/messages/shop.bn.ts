import type { shopEn } from './shop.en';

export const shopBn: Record<keyof typeof shopEn, string> = {
  'shop.categories': 'ক্যাটাগরি',
  'shop.filter': 'ফিল্টার',
  'shop.showing': '{total}টি ফলাফলের {first}-{last} দেখানো হচ্ছে',
  'shop.products': 'পণ্য',
  'shop.loadFailed': 'পণ্যগুলো লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  'shop.tryAgain': 'আবার চেষ্টা করুন',
  'shop.noCategory': 'ক্যাটাগরিটি খুঁজে পাওয়া যায়নি।',
  'shop.noCategoryText': ' হয়তো এর নাম বদলেছে বা এটি সরানো হয়েছে।',
  'shop.allProducts': 'সব পণ্য দেখুন',
  'shop.category': 'ক্যাটাগরি',
  'shop.categoryNotFound': 'ক্যাটাগরি পাওয়া যায়নি',
  'shop.searchBy': 'খুঁজুন',
  'shop.productName': 'পণ্যের নাম',
};
