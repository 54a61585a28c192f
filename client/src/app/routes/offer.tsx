import { useEffect, useState } from 'react';
import { useCategoryTree } from '../../features/catalog/api/get-category-tree';
import { useProductsByMainCategory } from '../../features/catalog/api/get-products-by-main-category';
import { useProductsByShop } from '../../features/catalog/api/get-products-by-shop';
import { Pagination } from '../../features/catalog/components/pagination';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { useOffer } from '../../features/offer/api/get-offer';
import { CouponRules } from '../../features/offer/components/coupon-rules';
import { DrawPanel } from '../../features/offer/components/draw-panel';
import { MyTokens } from '../../features/offer/components/my-tokens';
import { PrizeBoxes } from '../../features/offer/components/prize-boxes';
import '../../features/offer/components/offer.css';
import { OFFER_COUPON_CODE, saveCouponOffer } from '../../features/offer/offer-store';
import { t, useMessages } from '../../lib/i18n/locale';
import { offerMessages } from '../../lib/i18n/messages/offer';
import { useProductActions } from '../shop/use-product-actions';

/**
 * /offer (spec §2, §9): prize boxes, Bengali rules, a product grid filtered by category in place (no
 * navigation). Lines added here carry the offer's coupon_code; the page saves `coupon-offer`. The current
 * offer's draw (commitment, published list, winners) and "your tokens" by order id and phone.
 */
export function OfferRoute() {
  useMessages(offerMessages);
  const [category, setCategory] = useState<string>('all');
  const [page, setPage] = useState(1);
  const { data: tree } = useCategoryTree();
  const all = useProductsByShop({ page }, category === 'all');
  const filtered = useProductsByMainCategory({ page, slug: category }, category !== 'all');
  const query = category === 'all' ? all : filtered;
  const { actions, quickView } = useProductActions({ couponCode: OFFER_COUPON_CODE });
  const offer = useOffer(null);

  useEffect(() => {
    saveCouponOffer();
  }, []);

  return (
    <div className="container page">
      <title>{t('offer.title')}</title>
      <section className="offer-hero" lang="bn">
        <h1>লাকি ড্র অফার</h1>
        <p>টি-শার্ট কিনুন, ফ্রি টোকেন নিন আর জিতে নিন নগদ পুরস্কার!</p>
      </section>
      <PrizeBoxes />
      {offer.data && <DrawPanel offer={offer.data} />}
      <CouponRules />
      <MyTokens offer={offer.data ?? null} />
      <section className="home-section" aria-labelledby="offer-products-title">
        <h2 id="offer-products-title" className="section-title">
          {t('offer.products')}
        </h2>
        <ul className="offer-filter" aria-label={t('offer.filter')}>
          {[{ slug: 'all', name: t('offer.all') }, ...(tree ?? [])].map((c) => (
            <li key={c.slug}>
              <button
                type="button"
                aria-pressed={category === c.slug}
                onClick={() => {
                  setCategory(c.slug);
                  setPage(1);
                }}
              >
                {c.name}
              </button>
            </li>
          ))}
        </ul>
        <ProductGrid products={query.data?.data} isPending={query.isFetching || query.isPending} actions={actions} />
        {query.data && <Pagination page={query.data.current_page} lastPage={query.data.last_page} onChange={setPage} />}
      </section>
      {quickView}
    </div>
  );
}
