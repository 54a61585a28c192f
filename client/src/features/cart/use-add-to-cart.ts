import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showAlert, showToast } from '../../components/feedback/feedback-store';
import { t } from '../../lib/i18n/locale';
import { addToCart, type AddToCartInput } from './add-to-cart';
import { checkProductAttributeQueryOptions } from './api/check-product-attribute';

/** Adds to the cart with the feedback of spec §8; resolves true when the line was added. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: AddToCartInput): Promise<boolean> => {
      const outcome = await addToCart(input, (params) => queryClient.fetchQuery(checkProductAttributeQueryOptions(params)));
      switch (outcome.kind) {
        case 'added':
          showToast({ kind: 'success', title: t('cart.added') });
          return true;
        case 'duplicate':
          showToast({ kind: 'error', title: t('cart.alreadyIn'), text: outcome.message });
          return false;
        case 'out-of-stock':
          await showAlert({ kind: 'error', title: t('cart.outOfStock'), text: outcome.message });
          return false;
        case 'size-missing':
          return false;
        case 'failed':
          await showAlert({ kind: 'error', title: t('ui.error'), text: t('ui.unexpected') });
          return false;
      }
    },
    [queryClient],
  );
}
