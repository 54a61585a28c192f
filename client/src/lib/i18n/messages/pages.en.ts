/** English texts of the small pages: 404, categories, site map, info pages, contact (the specification's wording). */
export const pagesEn = {
  'categories.title': 'Categories',
  'siteMap.title': 'Site Map',
  'info.information': 'Information',
  'info.loadFailed': 'This page could not be loaded. Check your connection and try again.',
  'contact.title': 'Contact',
  'contact.heading': 'Contact Us',
  'contact.ourStore': 'Our store',
  'contact.missingTitle': 'Missing Fields',
  'contact.missingText': 'Please fill out all fields before submitting.',
  'contact.sent': 'Message Sent!',
  'contact.firstName': 'First name',
  'contact.lastName': 'Last name',
  'contact.phone': 'Phone number',
  'contact.email': 'Email',
  'contact.message': 'Message',
  'contact.send': 'Send Message',
} as const;
