import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { AddToCartRequest } from '../../features/catalog/components/product-purchase';
import type { ProductCard } from '../../features/catalog/types';
import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { useAddToWishlist } from '../../features/wishlist/use-add-to-wishlist';

const QuickView = lazy(() => import('../../features/catalog/components/quick-view').then((m) => ({ default: m.QuickView })));

/**
 * Composes catalog cards with the cart and wishlist features (features never import each other): the card
 * actions, the quick-view popup (loaded on first use), and add-to-cart for product pages. On the offer page
 * `couponCode` is attached to every line added.
 */
export function useProductActions({ couponCode }: { couponCode?: string } = {}) {
  const [quickView, setQuickView] = useState<ProductCard | null>(null);
  const addToCartWithFeedback = useAddToCart();
  const addToWishlist = useAddToWishlist();

  const addToCart = useCallback(
    ({ product, size, qty }: AddToCartRequest) => addToCartWithFeedback({ product, size, qty, couponCode }),
    [addToCartWithFeedback, couponCode],
  );
  const addProductToWishlist = useCallback((product: ProductCard) => addToWishlist({ ...product }), [addToWishlist]);

  const actions = useMemo(() => ({ onQuickView: setQuickView, onAddToWishlist: addProductToWishlist }), [addProductToWishlist]);

  const quickViewElement = quickView ? (
    <Suspense fallback={null}>
      <QuickView product={quickView} onClose={() => setQuickView(null)} onAddToCart={addToCart} onAddToWishlist={addProductToWishlist} />
    </Suspense>
  ) : null;

  return { actions, quickView: quickViewElement, addToCart, addToWishlist: addProductToWishlist };
}
