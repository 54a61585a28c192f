/** English texts of the shop and category pages (the specification's wording); Bengali in shop.bn.ts. */
export const shopEn = {
  'shop.categories': 'Categories',
  'shop.filter': 'Filter',
  'shop.showing': 'Showing {first}-{last} of {total} results',
  'shop.products': 'Products',
  'shop.loadFailed': 'The products could not be loaded. Check your connection and try again.',
  'shop.tryAgain': 'Try again',
  'shop.noCategory': 'We could not find this category.',
  'shop.noCategoryText': ' It may have been renamed or removed.',
  'shop.allProducts': 'See all products',
  'shop.category': 'Category',
  'shop.categoryNotFound': 'Category not found',
  'shop.searchBy': 'Search by',
  'shop.productName': 'Product name',
} as const;
