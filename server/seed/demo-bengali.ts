/**
 * Bengali names and short descriptions of a few demo products (issue 18), by slug, so a shopper in Bengali mode
 * sees both kinds of product: these in Bengali, the rest in English (the fallback the storefront shows).
 */
export const DEMO_BENGALI: Readonly<Record<string, { nameBn: string; descriptionBnHtml: string }>> = {
  'men-royal-bengal-tiger-tee': {
    nameBn: 'রয়েল বেঙ্গল টাইগার টি-শার্ট',
    descriptionBnHtml: '<p>চারকোল রঙের টি-শার্ট, বুকে বাঘের স্ক্রিন-প্রিন্ট নকশা; বারবার ধোয়ার পরও রং থাকে।</p><ul><li><strong>কাপড়:</strong> ১০০% কম্বড কটন, ১৮০ জিএসএম</li><li><strong>যত্ন:</strong> উল্টো করে ঠান্ডা পানিতে ধুয়ে নিন।</li></ul>',
  },
  'men-dhaka-rickshaw-art-tee': {
    nameBn: 'ঢাকা রিকশা আর্ট টি-শার্ট',
    descriptionBnHtml: '<p>সরষে হলুদ টি-শার্টে ঢাকার রিকশা-চিত্রের রঙিন নকশা।</p>',
  },
  'men-cricket-fever-tee': {
    nameBn: 'ক্রিকেট জ্বর টি-শার্ট',
    descriptionBnHtml: '<p>বোতল-সবুজ টি-শার্ট, খেলার দিনের জন্য: বুকে "হাউজ দ্যাট!" লেখা।</p>',
  },
  'women-shapla-bloom-tee': {
    nameBn: 'শাপলা ফুল টি-শার্ট',
    descriptionBnHtml: '<p>হালকা গোলাপি টি-শার্টে জাতীয় ফুল শাপলার নকশা।</p>',
  },
  'women-chai-time-tee': {
    nameBn: 'চায়ের আড্ডা টি-শার্ট',
    descriptionBnHtml: '<p>ক্রিম রঙের টি-শার্ট, এক কাপ চায়ের ছবি আঁকা।</p>',
  },
};
