// Discover markets without knowing a name: IG's categories and their instruments, page by page.
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatPrice, marketDecimals } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { CategorySummary, MarketQuote } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { MarketStatusTag } from '../MarketStatusTag';
import { ListPicker, useAddTarget, useEditableLists } from './AddToWatchlist';
import { usePanel } from './context';
import { settle } from './errors';

const PAGE_SIZE = 50;

interface Listing {
  instruments: MarketQuote[];
  page: number;
  hasMore: boolean;
}

export function BrowseView() {
  const { navigate, openSettings } = usePanel();
  const [categories, setCategories] = useState<CategorySummary[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [listing, setListing] = useState<Listing | null>(null);
  const [listingError, setListingError] = useState<ErrorView | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const lists = useEditableLists();
  const { chosen, setTarget } = useAddTarget(lists);
  const [adding, setAdding] = useState<string | null>(null);
  const [added, setAdded] = useState<Set<string>>(new Set());
  const [addError, setAddError] = useState<ErrorView | null>(null);

  const loadCategories = async () => {
    setError(null);
    const reply = await settle(send('categories.list', {}));
    if (reply.ok) setCategories(reply.data.value);
    else setError(reply.error);
  };

  useEffect(() => {
    void loadCategories();
  }, []);

  const loadPage = async (categoryId: string, page: number) => {
    setListingError(null);
    setLoadingMore(true);
    const reply = await settle(send('categories.instruments', { categoryId, page, pageSize: PAGE_SIZE }));
    setLoadingMore(false);
    if (!reply.ok) {
      setListingError(reply.error);
      return;
    }
    setListing((current) => ({
      instruments:
        page === 1 || !current ? reply.data.instruments : [...current.instruments, ...reply.data.instruments],
      page: reply.data.page,
      hasMore: reply.data.hasMore,
    }));
  };

  const toggle = (code: string) => {
    if (open === code) {
      setOpen(null);
      return;
    }
    setOpen(code);
    setListing(null);
    void loadPage(code, 1);
  };

  const add = async (q: MarketQuote) => {
    if (!chosen) return;
    setAdding(q.epic);
    setAddError(null);
    const reply = await settle(send('watchlists.addMarket', { id: chosen.id, epic: q.epic }));
    setAdding(null);
    if (reply.ok) setAdded((s) => new Set([...s, `${chosen.id}|${q.epic}`]));
    else setAddError(reply.error);
  };

  if (error && !categories) return <ErrorState error={error} onRetry={loadCategories} onOpenSettings={openSettings} />;
  if (!categories) return <p class="muted">{i18n.t('browse.loadingCategories')}</p>;

  return (
    <section class="view" aria-labelledby="browse-title">
      <h2 id="browse-title">{i18n.t('browse.title')}</h2>
      {chosen && lists && lists.length > 1 && (
        <ListPicker class="browse-target" lists={lists} chosen={chosen} onChange={setTarget}>
          {i18n.t('browse.addTo')}{' '}
        </ListPicker>
      )}
      {addError && <ErrorState error={addError} />}
      {categories.length === 0 && <p class="muted">{i18n.t('browse.noCategories')}</p>}
      <ul class="categories">
        {categories.map((c) => (
          <li key={c.code}>
            <button type="button" class="category" aria-expanded={open === c.code} onClick={() => toggle(c.code)}>
              {c.code}
              {c.nonTradeable && <span class="muted"> {i18n.t('browse.notTradeable')}</span>}
            </button>
            {open === c.code && (
              <div class="category__body">
                {listingError && (
                  <ErrorState error={listingError} onRetry={() => loadPage(c.code, (listing?.page ?? 0) + 1)} />
                )}
                {!listing && !listingError && <p class="muted">{i18n.t('common.loading')}</p>}
                {listing && listing.instruments.length === 0 && (
                  <p class="muted">{i18n.t('browse.noInstruments', { category: c.code })}</p>
                )}
                {listing && (
                  <ul class="instruments" aria-label={i18n.t('browse.instrumentsIn', { category: c.code })}>
                    {listing.instruments.map((q) => {
                      const isAdded = chosen ? added.has(`${chosen.id}|${q.epic}`) : false;
                      return (
                        <li key={q.epic} class="instrument" data-testid="panel-instrument">
                          <button type="button" class="link" onClick={() => navigate({ view: 'market', epic: q.epic })}>
                            {q.instrumentName}
                          </button>
                          <span class="num">
                            {formatPrice(q.bid, marketDecimals(q))} / {formatPrice(q.offer, marketDecimals(q))}
                          </span>
                          <MarketStatusTag status={q.marketStatus} />
                          {chosen && (
                            <button
                              type="button"
                              disabled={adding === q.epic || isAdded}
                              aria-label={
                                isAdded
                                  ? i18n.t('browse.addedNamed', { market: q.instrumentName, watchlist: chosen.name })
                                  : i18n.t('watchlist.addNamed', { market: q.instrumentName, watchlist: chosen.name })
                              }
                              onClick={() => add(q)}
                            >
                              {isAdded ? i18n.t('search.added') : i18n.t('watchlist.addShort')}
                            </button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {listing?.hasMore && (
                  <button type="button" disabled={loadingMore} onClick={() => loadPage(c.code, listing.page + 1)}>
                    {loadingMore ? i18n.t('common.loading') : i18n.t('browse.moreIn', { category: c.code })}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
