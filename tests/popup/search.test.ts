import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../lib/messages/contract';
import type { Fresh, MarketQuote } from '../../lib/model';
import { createSearch, type SearchView } from '../../lib/popup/search';
import { quote } from '../sidepanel/fixtures';

function fresh(epics: string[], fetchedAt = 1000, stale = false): Fresh<MarketQuote[]> {
  return { value: epics.map((e) => quote(e)), fetchedAt, stale };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Pending = { term: string; answer: (reply: Reply<Fresh<MarketQuote[]>>) => void };

function setup(cache: Record<string, Fresh<MarketQuote[]>> = {}) {
  const views: SearchView[] = [];
  const requests: Pending[] = [];
  const search = createSearch({
    readCache: async (term) => cache[term.toLowerCase()] ?? null,
    request: (term) => {
      const d = deferred<Reply<Fresh<MarketQuote[]>>>();
      requests.push({ term, answer: d.resolve });
      return d.promise;
    },
    onChange: (v) => views.push(v),
  });
  return { search, views, requests, last: () => views[views.length - 1]! };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('popup search as you type', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one request for the settled term after the debounce, not one per keystroke', async () => {
    const { search, requests } = setup();
    search.input('e');
    search.input('eu');
    await vi.advanceTimersByTimeAsync(100);
    search.input('eur');
    await vi.advanceTimersByTimeAsync(149);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.term)).toEqual(['eur']);
  });

  it('does not search fewer than two characters and clears the results', async () => {
    const { search, requests, last } = setup();
    search.input('eur');
    await vi.advanceTimersByTimeAsync(150);
    requests[0]!.answer({ ok: true, data: fresh(['CS.D.EURUSD.TODAY.IP']) });
    await flush();
    expect(last().results).toHaveLength(1);
    search.input('e');
    await vi.advanceTimersByTimeAsync(500);
    expect(requests).toHaveLength(1);
    expect(last()).toMatchObject({ term: '', results: null, pending: false });
  });

  it('never lets an older answer replace a newer one, whichever arrives first', async () => {
    const { search, requests, last } = setup();
    search.input('eur');
    await vi.advanceTimersByTimeAsync(150);
    search.input('eurusd');
    await vi.advanceTimersByTimeAsync(150);
    expect(requests.map((r) => r.term)).toEqual(['eur', 'eurusd']);

    requests[1]!.answer({ ok: true, data: fresh(['NEW.EPIC.ONE']) });
    await flush();
    requests[0]!.answer({ ok: true, data: fresh(['OLD.EPIC.ONE', 'OLD.EPIC.TWO']) });
    await flush();
    expect(last().term).toBe('eurusd');
    expect(last().results?.map((q) => q.epic)).toEqual(['NEW.EPIC.ONE']);
  });

  it('ignores the answer to a term the user has typed past while the newer one is still out', async () => {
    const { search, requests, last } = setup();
    search.input('ftse');
    await vi.advanceTimersByTimeAsync(150);
    search.input('dax');
    await vi.advanceTimersByTimeAsync(150);
    requests[0]!.answer({ ok: true, data: fresh(['IX.D.FTSE.DAILY.IP']) });
    await flush();
    expect(last()).toMatchObject({ term: 'dax', pending: true });
    expect(last().results?.some((q) => q.epic === 'IX.D.FTSE.DAILY.IP')).not.toBe(true);
  });

  it('shows a fresh cached answer at once and asks nothing', async () => {
    const { search, requests, last } = setup({ gold: fresh(['CS.D.CFDGOLD.CFD.IP'], 5000, false) });
    search.input('Gold');
    await flush();
    expect(last()).toMatchObject({ term: 'Gold', pending: false, stale: false, fetchedAt: 5000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(0);
  });

  it('shows a stale cached answer marked stale while it asks the background', async () => {
    const { search, requests, last } = setup({ gold: fresh(['CS.D.CFDGOLD.CFD.IP'], 5000, true) });
    search.input('gold');
    await flush();
    expect(last()).toMatchObject({ pending: true, stale: true });
    expect(last().results?.[0]?.epic).toBe('CS.D.CFDGOLD.CFD.IP');
    await vi.advanceTimersByTimeAsync(150);
    requests[0]!.answer({ ok: true, data: fresh(['CS.D.CFDGOLD.CFD.IP'], 9000, false) });
    await flush();
    expect(last()).toMatchObject({ pending: false, stale: false, fetchedAt: 9000 });
  });

  it('remembers answers within the popup: a term typed again shows without a request', async () => {
    const { search, requests, last } = setup();
    search.input('oil');
    await vi.advanceTimersByTimeAsync(150);
    requests[0]!.answer({ ok: true, data: fresh(['CC.D.LCO.UNC.IP']) });
    await flush();
    search.input('oi');
    await vi.advanceTimersByTimeAsync(150);
    requests[1]!.answer({ ok: true, data: fresh([]) });
    await flush();
    search.input('oil');
    await flush();
    expect(requests).toHaveLength(2);
    expect(last().results?.[0]?.epic).toBe('CC.D.LCO.UNC.IP');
  });

  it('keeps the results on screen and reports the error when the background refuses', async () => {
    const { search, requests, last } = setup();
    search.input('eur');
    await vi.advanceTimersByTimeAsync(150);
    requests[0]!.answer({ ok: true, data: fresh(['CS.D.EURUSD.TODAY.IP']) });
    await flush();
    search.input('eurx');
    await vi.advanceTimersByTimeAsync(150);
    requests[1]!.answer({ ok: false, error: { kind: 'service', message: 'IG is down', code: 'error.service' } });
    await flush();
    expect(last()).toMatchObject({ term: 'eurx', pending: false, error: { kind: 'service', message: 'IG is down' } });
  });

  it('submit skips the debounce', async () => {
    const { search, requests } = setup();
    search.submit('  usd  jpy ');
    await flush();
    expect(requests.map((r) => r.term)).toEqual(['usd jpy']);
  });
});
