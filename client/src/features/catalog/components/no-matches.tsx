import { t } from '../../../lib/i18n/locale';
import { useSearchSuggestions } from '../api/search-suggestions';
import { useTrendingProducts } from '../api/get-trending-products';
import { ProductGrid } from './product-grid';
import type { ProductCardActions } from './product-card';

/**
 * A search that found nothing (issue 32): say so, offer the closest words of the catalog as searches to tap,
 * and show the trending products instead of an empty page.
 */
export function NoMatches({ search, onSearch, actions }: { search: string; onSearch: (text: string) => void; actions?: ProductCardActions }) {
  const suggestions = useSearchSuggestions(search, true);
  const trending = useTrendingProducts();
  const words = suggestions.data ?? [];
  return (
    <div className="no-matches">
      <p className="no-matches__title" role="status">
        {t('catalog.noMatches', { search })}
      </p>
      {words.length > 0 && (
        <p className="no-matches__words">
          {t('catalog.didYouMean')}{' '}
          {words.map((word) => (
            <button key={word} type="button" className="chip" onClick={() => onSearch(word)}>
              {word}
            </button>
          ))}
        </p>
      )}
      <h3 className="no-matches__trending">{t('catalog.trendingInstead')}</h3>
      <ProductGrid products={trending.data} isPending={trending.isPending} actions={actions} />
    </div>
  );
}
