import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSuggester,
  defaultSuggestion,
  escapeXml,
  lookupTargetOf,
  openIn,
  popupPath,
  searchTermOf,
  suggestionFor,
} from '../../lib/lookup';
import type { MarketQuote } from '../../lib/model';

describe('selected text to a lookup', () => {
  it('trims, joins lines and drops the punctuation a selection drags along', () => {
    expect(searchTermOf('  “EUR/USD”,\n')).toBe('EUR/USD');
    expect(searchTermOf('(FTSE\n   100)')).toBe('FTSE 100');
    expect(searchTermOf('$TSLA')).toBe('TSLA');
    expect(searchTermOf("Apple's")).toBe('Apple');
    expect(searchTermOf('S&P 500.')).toBe('S&P 500');
    expect(searchTermOf('Germany\u200b 40\u0007')).toBe('Germany 40');
  });

  it('nothing usable under two characters', () => {
    expect(searchTermOf(' "x" ')).toBeNull();
    expect(searchTermOf('...')).toBeNull();
    expect(lookupTargetOf('\n\t')).toBeNull();
  });

  it('a long selection is cut at a word to the search limit of 100 characters', () => {
    const long = `${'gold '.repeat(30)}end`;
    const term = searchTermOf(long);
    expect(term?.length).toBeLessThanOrEqual(100);
    expect(term?.endsWith('gold')).toBe(true);
    expect(searchTermOf('x'.repeat(150))).toHaveLength(100);
  });

  it('an epic opens its market; anything else searches', () => {
    expect(lookupTargetOf(' cs.d.eurusd.mini.ip. ')).toEqual({ kind: 'epic', epic: 'CS.D.EURUSD.MINI.IP' });
    expect(lookupTargetOf('Wall Street')).toEqual({ kind: 'search', q: 'Wall Street' });
    expect(lookupTargetOf('EURUSD')).toEqual({ kind: 'search', q: 'EURUSD' });
  });

  it('builds the popup URL with the query encoded', () => {
    expect(popupPath({ kind: 'search', q: 'S&P 500 #1' })).toBe('/popup.html?q=S%26P+500+%231');
    expect(popupPath({ kind: 'epic', epic: 'IX.D.FTSE.DAILY.IP' })).toBe('/popup.html?epic=IX.D.FTSE.DAILY.IP');
  });
});

const eurusd: MarketQuote = {
  epic: 'CS.D.EURUSD.MINI.IP',
  instrumentName: 'EUR/USD',
  instrumentType: 'CURRENCIES',
  expiry: '-',
  bid: 1.0845,
  offer: 1.0846,
  high: null,
  low: null,
  netChange: null,
  percentageChange: null,
  marketStatus: 'TRADEABLE',
  updatedAt: null,
};

describe('omnibox suggestions', () => {
  it('escapes every XML special character in service text', () => {
    expect(escapeXml(`<b>"A&B's"</b>\u0001`)).toBe('&lt;b&gt;&quot;A&amp;B&apos;s&quot;&lt;/b&gt;');
  });

  it('Chrome: name with the typed part matched, epic dimmed, bid / offer', () => {
    expect(suggestionFor(eurusd, 'eur', true)).toEqual({
      content: 'CS.D.EURUSD.MINI.IP',
      description: '<match>EUR</match>/USD <dim>CS.D.EURUSD.MINI.IP</dim> 1.0845 / 1.0846',
    });
  });

  it('a hostile market name cannot inject markup', () => {
    const evil = { ...eurusd, instrumentName: '<dim>x</dim> & <url>y' };
    const { description } = suggestionFor(evil, 'x', true);
    expect(description).toBe(
      '&lt;dim&gt;<match>x</match>&lt;/dim&gt; &amp; &lt;url&gt;y <dim>CS.D.EURUSD.MINI.IP</dim> 1.0845 / 1.0846',
    );
  });

  it('Firefox: plain text, with the market state when it is not open', () => {
    const closed = { ...eurusd, marketStatus: 'CLOSED' as const, bid: null, offer: null };
    expect(suggestionFor(closed, 'eur', false).description).toBe('EUR/USD · CS.D.EURUSD.MINI.IP · no price (Closed)');
    expect(defaultSuggestion('a<b', true)).toBe('Look up <match>a&lt;b</match> in Marketside');
  });

  it('Enter opens in the current tab, or a new one for Alt+Enter and middle-click', () => {
    expect(openIn('currentTab')).toEqual({ newTab: false, active: true });
    expect(openIn('newForegroundTab')).toEqual({ newTab: true, active: true });
    expect(openIn('newBackgroundTab')).toEqual({ newTab: true, active: false });
  });
});

describe('typing: debounced, latest answer only, remembered', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const search = vi.fn(async (term: string) => [{ ...eurusd, instrumentName: `${term} market` }]);
    const suggester = createSuggester({ search, markup: false, debounceMs: 200 });
    return { search, suggester };
  }

  it('one search per pause in typing, for the last input', async () => {
    const { search, suggester } = setup();
    const seen: string[][] = [];
    for (const text of ['e', 'eu', 'eur', 'eur/']) suggester.input(text, (s) => seen.push(s.map((x) => x.description)));
    await vi.advanceTimersByTimeAsync(250);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('eur/');
    expect(seen).toEqual([[], ['eur/ market · CS.D.EURUSD.MINI.IP · 1.0845 / 1.0846']]);
  });

  it('drops an answer that arrives after newer input', async () => {
    let release: (v: MarketQuote[]) => void = () => {};
    const search = vi.fn(() => new Promise<MarketQuote[]>((r) => (release = r)));
    const suggester = createSuggester({ search, markup: false, debounceMs: 10 });
    const first = vi.fn();
    suggester.input('gold', first);
    await vi.advanceTimersByTimeAsync(20);
    suggester.input('gol', vi.fn());
    release([eurusd]);
    await vi.advanceTimersByTimeAsync(0);
    expect(first).not.toHaveBeenCalled();
  });

  it('answers a term typed again from memory, without another search', async () => {
    const { search, suggester } = setup();
    suggester.input('gold', () => {});
    await vi.advanceTimersByTimeAsync(250);
    const again = vi.fn();
    suggester.input('Gold ', again);
    expect(again).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('a failed search suggests nothing rather than throwing', async () => {
    const suggester = createSuggester({ search: () => Promise.reject(new Error('offline')), markup: true });
    const cb = vi.fn();
    suggester.input('oil', cb);
    await vi.advanceTimersByTimeAsync(300);
    expect(cb).toHaveBeenCalledWith([]);
  });
});
