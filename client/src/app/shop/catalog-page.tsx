import { t, useMessages } from '../../lib/i18n/locale';
import { shopMessages } from '../../lib/i18n/messages/shop';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { ApiError } from '../../lib/api-client';
import { CloseButton, Modal } from '../../components/ui/modal';
import { useCategoryTree } from '../../features/catalog/api/get-category-tree';
import { showingRange } from '../../features/catalog/api/product-page';
import { CategoryList } from '../../features/catalog/components/category-list';
import { Pagination } from '../../features/catalog/components/pagination';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ShopSearch } from '../../features/catalog/components/shop-search';
import { NoMatches } from '../../features/catalog/components/no-matches';
import type { ProductPage } from '../../features/catalog/types';
import { DESKTOP_QUERY, useMediaQuery } from '../layout/use-media-query';
import { useProductActions } from './use-product-actions';
import './shop.css';

/** Page and search live in the URL (`?page=2&search=polo`), so a result can be shared and reloaded. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const update = (next: { page?: number; search?: string }) => {
    const merged = new URLSearchParams(params);
    const nextPage = next.page ?? page;
    const nextSearch = next.search ?? search;
    if (nextPage > 1) merged.set('page', String(nextPage));
    else merged.delete('page');
    if (nextSearch) merged.set('search', nextSearch);
    else merged.delete('search');
    setParams(merged);
    window.scrollTo({ top: 0 });
  };
  return { page, search, setPage: (p: number) => update({ page: p }), setSearch: (s: string) => update({ page: 1, search: s }) };
}

/**
 * The shop and both category pages (spec §2 Shop): breadcrumb, categories sidebar (off-canvas with a
 * Filter button below 992 px), "Search by", "Showing ...", grid, pagination, quick view.
 */
export function CatalogPage({ title, crumbs, query }: { title: string; crumbs: Array<{ label: string; to?: string }>; query: UseQueryResult<ProductPage> }) {
  useMessages(shopMessages);
  const { search, setPage, setSearch } = useListParams();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [filterOpen, setFilterOpen] = useState(false);
  const { data: categories, isPending: categoriesPending } = useCategoryTree();
  const { actions, quickView } = useProductActions();
  const filterTitleId = useId();
  const result = query.data;
  const range = result ? showingRange(result) : null;

  const sidebar = (
    <>
      <h2 className="shop-sidebar__title">{t('shop.categories')}</h2>
      <CategoryList categories={categories} isPending={categoriesPending} onNavigate={() => setFilterOpen(false)} />
    </>
  );

  return (
    <div className="container page">
      <title>{title}</title>
      <Breadcrumb items={crumbs} />
      <h1 className="page__title">{title}</h1>
      <div className="shop">
        {isDesktop ? (
          <aside className="shop-sidebar" aria-label={t('shop.categories')}>
            {sidebar}
          </aside>
        ) : (
          <Modal open={filterOpen} onClose={() => setFilterOpen(false)} labelledBy={filterTitleId} variant="drawer-left">
            <CloseButton onClick={() => setFilterOpen(false)} label={t('ui.close')} />
            <p id={filterTitleId} className="modal__title">
              {t('shop.filter')}
            </p>
            {sidebar}
          </Modal>
        )}
        <div className="shop-main">
          <div className="shop-toolbar">
            {!isDesktop && (
              <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setFilterOpen(true)}>
                {t('shop.filter')}
              </button>
            )}
            <ShopSearch value={search} onSearch={setSearch} />
          </div>
          {range && range.total > 0 && (
            <p className="shop-count" aria-live="polite">
              {t('shop.showing', { first: range.first, last: range.last, total: range.total })}
            </p>
          )}
          <h2 className="visually-hidden">{t('shop.products')}</h2>
          {query.isError && !result && query.error instanceof ApiError && query.error.status === 404 ? (
            <CategoryNotFound />
          ) : query.isError && !result ? (
            <div className="notice notice--error" role="alert">
              <p>{t('shop.loadFailed')}</p>
              <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
                {t('shop.tryAgain')}
              </button>
            </div>
          ) : result && result.total === 0 && search.trim().length >= 2 && !query.isFetching ? (
            <NoMatches search={search} onSearch={setSearch} actions={actions} />
          ) : (
            <ProductGrid products={result?.data} isPending={query.isFetching || query.isPending} actions={actions} eagerCount={isDesktop ? 4 : 2} />
          )}
          {result && <Pagination page={result.current_page} lastPage={result.last_page} onChange={setPage} />}
        </div>
      </div>
      {quickView}
    </div>
  );
}

/** A category link that leads nowhere (renamed, removed, mistyped): say so and offer the way back. */
export function CategoryNotFound() {
  useMessages(shopMessages);
  return (
    <div className="notice" role="alert">
      <p>
        <strong>{t('shop.noCategory')}</strong>{t('shop.noCategoryText')}
      </p>
      <p>
        <Link to="/shop" className="button">
          {t('shop.allProducts')}
        </Link>
      </p>
    </div>
  );
}
