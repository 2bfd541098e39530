// The side panel app: status and preferences, routing between views, theme, and the live channel's
// visibility. Views read the cache first and ask the background; nothing here calls IG.

import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { handOverAtLatest, handOverFirstScreen } from '../../lib/early-screen/hand-over';
import { type StatusView, send } from '../../lib/messages/contract';
import { orMiss } from '../../lib/or-miss';
import { defaultPrefs, PREFS_STORED, type Prefs, prefs as prefsItem, watchStored } from '../../lib/settings/registry';
import { applyTheme } from '../../lib/settings/theme';
import type { PanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { historyAccountShown, nextHistoryAccount, noHistoryAccount } from '../../lib/sidepanel/history-account';
import type { LiveLink } from '../../lib/sidepanel/live';
import { openRoute, readRoute, type SidepanelRoute, sameRoute, watchRoute } from '../../lib/sidepanel/route';
import { wantsPrompt } from '../../lib/vault/wants-prompt';
import { ErrorState } from '../ErrorState';
import { hasDealingPermit, PanelContext, type PanelEnv } from './context';
import { focusView } from './focusView';
import { Header } from './Header';
import { lazyComponent } from './lazy';
import type { AlertFormSlot } from './MarketDetail';
import { useDealingModule } from './useDealing';
import { WatchlistsView } from './WatchlistsView';

/** Loaded only while there is something to say about the remembered credentials (rarely). */
const VaultPrompt = lazyComponent(() => import('../VaultPrompt').then((m) => m.VaultPrompt));
// Views other than the watchlists load on first use: the watchlists' first paint does not wait for them.
const MarketDetail = lazyComponent(() => import('./MarketDetail').then((m) => m.MarketDetail));
const BrowseView = lazyComponent(() => import('./BrowseView').then((m) => m.BrowseView));
const PositionsView = lazyComponent(() => import('./PositionsView').then((m) => m.PositionsView));
const AccountHistoryView = lazyComponent(() => import('./AccountHistoryView').then((m) => m.AccountHistoryView));

/** Starts loading the view of a route held in a chunk of its own, alongside the panel's first render. */
export function preloadRouteView(route: SidepanelRoute): void {
  if (route.view === 'history') AccountHistoryView.preload();
}

/** Parts of other features that the panel hosts when they are present. */
export interface PanelSlots {
  /** The alerts list (components/alerts/AlertsList), shown in the Alerts view. */
  alertsList?: () => ComponentChildren;
  /** The alert form for one market (components/alerts/AlertForm), shown in the market detail. */
  alertForm?: AlertFormSlot;
  /** CSV import/export of a watchlist (components/watchlists/ImportExport), in the watchlist toolbar. */
  importExport?: (watchlistId: string | null, onDone: () => void) => ComponentChildren;
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

interface Props {
  live: LiveLink;
  slots?: PanelSlots;
  /**
   * The reads the first paint needs, started before the first render (lib/sidepanel/first-paint) so they
   * run while it renders; read here when absent.
   */
  first?: Promise<PanelFirstPaint | null>;
  /** What `first` resolved to, when the page waited for it: the first render shows it at once. */
  ready?: PanelFirstPaint | null;
}

export function Panel({ live, slots = {}, first, ready }: Props) {
  const [route, setRoute] = useState<SidepanelRoute | null>(ready?.route ?? null);
  const [status, setStatus] = useState<StatusView | null>(null);
  // The account of the cached history, until the status names the signed-in one (the History view paints from it).
  const [historyAccount, setHistoryAccount] = useState<string | null>(ready?.historyAccount ?? null);
  const [prefs, setPrefs] = useState<Prefs>(ready?.prefs ?? defaultPrefs);
  const [dark, setDark] = useState(systemDark);
  const history = useRef<SidepanelRoute[]>([]);
  const current = useRef<SidepanelRoute | null>(ready?.route ?? null);
  const drawn = useRef<SidepanelRoute | null>(null);
  // Only the first watchlists view takes the reads started with the page; a later one reads afresh.
  const firstView = useRef<Promise<PanelFirstPaint | null> | null>(first ?? null);
  useEffect(() => {
    if (route) firstView.current = null;
  }, [route]);
  // The watchlists and History views hand over the early screen once their rows are in; whatever the panel
  // shows, it shows itself soon.
  useEffect(() => handOverAtLatest(() => handOverFirstScreen()), []);

  const show = useCallback((next: SidepanelRoute) => {
    const was = current.current;
    if (was && sameRoute(was, next)) return;
    if (was && next.view === 'market') history.current = [...history.current, was].slice(-20);
    else if (next.view !== 'market') history.current = [];
    current.current = next;
    setRoute(next);
  }, []);

  useLayoutEffect(() => {
    void (first ? first.then((f) => f?.route ?? readRoute()) : readRoute()).then(show);
    void first?.then((f) => f?.historyAccount && setHistoryAccount(f.historyAccount));
    return watchRoute(show);
  }, [show, first]);

  useLayoutEffect(() => {
    const stored = () => orMiss(() => prefsItem.getValue(), defaultPrefs);
    void (first ? first.then((f) => f?.prefs ?? stored()) : stored()).then(setPrefs);
    return watchStored(`local:${PREFS_STORED.key}`, defaultPrefs, setPrefs);
  }, [first]);

  useEffect(() => {
    void send('status.get', {}).then(
      (reply) => reply.ok && setStatus(reply.data),
      () => undefined,
    );
    return live.subscribe((message) => {
      if (message.kind === 'status') setStatus(message.status);
    });
  }, [live]);

  // The first view keeps the browser's focus; later ones take it if the control that changed the view is gone.
  useEffect(() => {
    const left = drawn.current;
    drawn.current = route;
    const main = document.querySelector<HTMLElement>('main.panel-main');
    if (!left || !route || !main) return;
    return focusView(main, left.view === 'market' && route.view === 'watchlists' ? left.epic : null);
  }, [route]);

  useEffect(() => {
    applyTheme(prefs.theme);
  }, [prefs.theme]);

  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const navigate = useCallback(
    (next: SidepanelRoute) => {
      show(next);
      void openRoute(next);
    },
    [show],
  );

  const back = useCallback(() => {
    const previous = history.current.pop() ?? { view: 'watchlists' as const };
    current.current = previous;
    setRoute(previous);
    void openRoute(previous);
  }, []);

  const updatePrefs = useCallback((patch: Partial<Prefs>) => {
    setPrefs((p) => ({ ...p, ...patch }));
    // Merge into what is stored now, so a setting changed elsewhere meanwhile is kept.
    void prefsItem.getValue().then((stored) => prefsItem.setValue({ ...stored, ...patch }));
  }, []);

  const openSettings = useCallback(() => {
    void browser.runtime.openOptionsPage();
  }, []);

  const dealing = useDealingModule(hasDealingPermit(status) || status?.lock != null);
  const theme = prefs.theme === 'system' ? (dark ? 'dark' : 'light') : prefs.theme;

  const env: PanelEnv = useMemo(
    () => ({ status, prefs, updatePrefs, live, navigate, openSettings, dealing, theme }),
    [status, prefs, updatePrefs, live, navigate, openSettings, dealing, theme],
  );

  // Whose history the History view shows, and when it starts again (lib/sidepanel/history-account.ts).
  const historyView = useRef(noHistoryAccount);
  historyView.current = nextHistoryAccount(historyView.current, historyAccountShown(status, historyAccount));
  const historyShown = historyView.current.id;
  const historyKey = historyView.current.run;

  const view = route?.view ?? 'watchlists';
  return (
    <PanelContext.Provider value={env}>
      <Header
        status={status}
        view={view}
        navigate={navigate}
        openSettings={openSettings}
        showAlerts={!!slots.alertsList}
      />
      <main class="panel-main">
        {wantsPrompt(status?.vault) && <VaultPrompt vault={status?.vault} send={send} onOpenSettings={openSettings} />}
        <StatusBanner status={status} openSettings={openSettings} />
        {dealing && view !== 'positions' && <dealing.ReconciliationBanner />}
        {route?.view === 'market' ? (
          <MarketDetail key={route.epic} epic={route.epic} onBack={back} alertForm={slots.alertForm} />
        ) : view === 'browse' ? (
          <BrowseView />
        ) : view === 'positions' ? (
          // Another account: its positions and funds start from nothing, never from the last account's.
          <PositionsView key={status?.account?.accountId ?? ''} />
        ) : route?.view === 'history' ? (
          // Another account's history likewise starts from nothing (the background caches per account).
          <AccountHistoryView
            key={`${historyKey}|${route.epic ?? ''}`}
            accountId={historyShown}
            epic={route.epic}
            initial={route.period}
          />
        ) : view === 'alerts' && slots.alertsList ? (
          <section class="view" aria-labelledby="alerts-title">
            <h2 id="alerts-title">{i18n.t('tab.alerts')}</h2>
            {slots.alertsList()}
          </section>
        ) : route ? (
          <WatchlistsView
            importExport={slots.importExport}
            first={firstView.current}
            ready={firstView.current ? ready : undefined}
          />
        ) : null}
      </main>
    </PanelContext.Provider>
  );
}

function StatusBanner({ status, openSettings }: { status: StatusView | null; openSettings(): void }) {
  if (!status) return null;
  if (status.state === 'signed-out' && !status.vault.notice)
    return (
      <div class="banner banner--warn" role="status" data-testid="panel-signed-out" data-unkept>
        <strong>{i18n.t('panel.signedOutTitle')}</strong> {i18n.t('panel.signedOutBody')}{' '}
        <button type="button" class="primary" onClick={openSettings}>
          {i18n.t('common.openSettings')}
        </button>
      </div>
    );
  if (status.state === 'offline')
    return (
      <div class="banner banner--warn" role="status" data-unkept>
        {i18n.t('panel.offline')}
      </div>
    );
  if (status.state === 'error' && status.lastError)
    return <ErrorState error={status.lastError} onOpenSettings={openSettings} />;
  if (status.budget.throttled)
    return (
      <div class="banner banner--warn" role="status" data-unkept>
        {i18n.t('panel.throttled', { reason: status.budget.throttled.reason })}
      </div>
    );
  return null;
}
