import { useCallback } from 'react';
import { showToast } from '../../components/feedback/feedback-store';
import { t } from '../../lib/i18n/locale';
import { addToWishlist, type WishlistItem } from './wishlist-store';

/** Adds to the wishlist with the feedback of spec §5 and §8. */
export function useAddToWishlist() {
  return useCallback((product: WishlistItem & Record<string, unknown>) => {
    const outcome = addToWishlist(product);
    if (outcome.kind === 'added') showToast({ kind: 'success', title: t('wishlist.added') });
    else showToast({ kind: 'info', title: outcome.title, text: outcome.message });
  }, []);
}
