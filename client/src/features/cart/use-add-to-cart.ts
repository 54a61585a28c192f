import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showAlert, showToast } from '../../components/feedback/feedback-store';
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
          showToast({ kind: 'success', title: 'Added to Cart!' });
          return true;
        case 'duplicate':
          showToast({ kind: 'error', title: 'Item already in cart!', text: outcome.message });
          return false;
        case 'out-of-stock':
          await showAlert({ kind: 'error', title: 'Out of Stock', text: outcome.message });
          return false;
        case 'size-missing':
          return false;
        case 'failed':
          await showAlert({ kind: 'error', title: 'Error', text: 'An unexpected error occurred. Please try again.' });
          return false;
      }
    },
    [queryClient],
  );
}
