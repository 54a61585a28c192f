/** Store settings, info pages and brands of the demo store. Money in paisa (100 paisa = 1 Taka). */

export const DEMO_SETTINGS = {
  name: 'Tee Bazaar',
  description:
    'Tee Bazaar makes comfortable cotton t-shirts for men and women in Bangladesh: graphic tees, polos, plain basics and oversized fits, delivered across the country with cash on delivery or bKash.',
  fblink: 'https://www.facebook.com/teebazaar.bd',
  email: 'support@teebazaar.test',
  whatsapp: '8801711000000',
  address: 'House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh',
  currency: '৳',
  devlieryChargePaisa: 7_000,
  devlieryChargeInsideDhkPaisa: 7_000,
  devlieryChargeOutsideDhkPaisa: 13_000,
  bkashNumber: '01711000000',
};

/** Keyed by the specification's post category: 1 about, 2 terms, 4 privacy, 5 return. */
export const DEMO_POSTS: Array<{ categoryId: number; name: string; html: string }> = [
  {
    categoryId: 1,
    name: 'About Us',
    html:
      '<p>Tee Bazaar started in 2021 in a small Dhanmondi studio with one idea: everyday t-shirts that feel good in Dhaka heat and last more than a season.</p>' +
      '<p>Every tee is cut and sewn in Bangladesh from combed cotton we choose ourselves, printed with water-based inks and checked by hand before it is packed.</p>' +
      '<p>We deliver all over the country. Pay cash on delivery or by bKash, and talk to a real person on WhatsApp whenever you need help.</p>',
  },
  {
    categoryId: 2,
    name: 'Terms & Conditions',
    html:
      '<p>By placing an order on Tee Bazaar you agree to these terms.</p>' +
      '<ul><li><strong>Orders:</strong> an order is confirmed when our customer care team calls you to confirm it. We may cancel an order if an item is out of stock or the details cannot be verified.</li>' +
      '<li><strong>Prices:</strong> prices are in Taka and include VAT. The delivery charge is shown at checkout: inside Dhaka or outside Dhaka.</li>' +
      '<li><strong>Payment:</strong> cash on delivery, or bKash with the sender number and transaction ID given at checkout.</li>' +
      '<li><strong>Coupons:</strong> one coupon per order; each coupon has its own validity and usage limits.</li>' +
      '<li><strong>Colours:</strong> colours may look slightly different on screen than in daylight.</li></ul>',
  },
  {
    categoryId: 4,
    name: 'Privacy Policy',
    html:
      '<p>We collect only what we need to deliver your order and look after your account: your name, phone number, e-mail address and delivery address.</p>' +
      '<ul><li>We use your phone number to confirm orders and for delivery; we never sell it or share it beyond our courier partner.</li>' +
      '<li>Your password is stored only as a salted hash; our staff cannot see it.</li>' +
      '<li>Your cart and wishlist stay in your own browser until you check out.</li></ul>' +
      '<p>To see or delete the data we hold about you, write to support@teebazaar.test.</p>',
  },
  {
    categoryId: 5,
    name: 'Return Policy',
    html:
      '<p>Not the right fit? You can return or exchange any item within <strong>7 days</strong> of delivery.</p>' +
      '<ul><li>Items must be unworn, unwashed and have their tags attached.</li>' +
      '<li>Call or WhatsApp our customer care team with your order ID to book a return; the courier collects it from you.</li>' +
      '<li>Exchanges for another size are free once per order. For a refund, the original delivery charge is not refunded.</li>' +
      '<li>Refunds are sent by bKash within 5 working days after we receive the item.</li>' +
      '<li>If an item arrives damaged or wrong, we replace it at no cost; tell us within 48 hours with a photo.</li></ul>',
  },
];

export const DEMO_BRANDS: Array<{ name: string; description: string; status: 0 | 1 }> = [
  { name: 'Tee Bazaar Originals', description: 'Our own label: graphic tees designed in Dhaka.', status: 1 },
  { name: 'Deshi Threads', description: 'Everyday basics in combed cotton, made in Gazipur.', status: 1 },
  { name: 'Urban Loom', description: 'Heavyweight oversized streetwear.', status: 1 },
  { name: 'Nakshi Street', description: 'Prints inspired by nakshi kantha embroidery; returning next season.', status: 0 },
];
