import { getLocale } from './locale';

/**
 * Store data in the shopper's language (issue 18): a product's Bengali name and description, which the
 * catalog answers carry beside the English ones (`name_bn`, `description_bn`), are shown in Bengali mode;
 * without them (a product that has none, a cart line stored before they existed) the English text is.
 */
interface Named {
  name: string;
  name_bn?: string | null;
}

/** The short name: cards, cart and wishlist lines, suggestions, the page title. */
export function productName(product: Named): string {
  return (getLocale() === 'bn' && product.name_bn) || product.name;
}

/** The heading of the product page and quick view: the full name in English, the Bengali name in Bengali. */
export function productTitle(product: Named & { fullname?: string }): string {
  return (getLocale() === 'bn' && product.name_bn) || product.fullname || product.name;
}

export function productDescription(product: { description: string; description_bn?: string | null }): string {
  return (getLocale() === 'bn' && product.description_bn) || product.description;
}

/**
 * The owner's own words in the shopper's language (issue 31): the Bengali text in Bengali mode when the owner
 * gave one, else the English one. Categories, badges and the store's texts (settings) answer both.
 */
export function ownerWords(english: string | null | undefined, bengali: string | null | undefined): string {
  return (getLocale() === 'bn' && bengali?.trim()) || english || '';
}

export const categoryName = (category: { name: string; name_bn?: string | null }) => ownerWords(category.name, category.name_bn);

export const badgeText = (product: { badge: string | null; badge_bn?: string | null }) => (product.badge ? ownerWords(product.badge, product.badge_bn) : null);
