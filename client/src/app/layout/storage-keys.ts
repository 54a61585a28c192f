// Browser-storage contract shared with the cart and wishlist features (spec §3, §4). The layout only
// reads these; the features own writing them and dispatching the events.
export const CART_STORAGE_KEY = 'cart';
export const CART_UPDATED_EVENT = 'cart-updated';
export const WISHLIST_STORAGE_KEY = 'wishlist';
export const WISHLIST_UPDATED_EVENT = 'wishlist-updated';
