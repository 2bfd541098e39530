// @vitest-environment happy-dom
// The popup's App finding markets: search results and their states, the keyboard and the search box's focus,
// and what it paints first (recent lookups with their cached prices, or a hint of what to type).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { cacheStore } from '../../lib/cache/stores';
import { recentLookups } from '../../lib/settings/registry';
import { EURGBP, EURUSD, FTSE, freshPopupEachTest, now, searchReply, setup } from './app-fixture';

freshPopupEachTest();

describe('popup search', () => {
  it('has the search box focused on open', () => {
    const { input } = setup({});
    expect(document.activeElement).toBe(input);
  });

  it('lists matching markets with name, epic, prices, change by direction and a visible status', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD, EURGBP, FTSE]) });
    fireEvent.input(input, { target: { value: 'eur' } });
    const rows = await screen.findAllByTestId('popup-result');
    expect(named('markets.search')).toEqual([{ term: 'eur' }]);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('EUR/USD');
    expect(rows[0]?.textContent).toContain('CS.D.EURUSD.TODAY.IP');
    expect(rows[0]?.textContent).toContain('1.0841');
    expect(rows[0]?.textContent).toContain('1.0842');
    expect(rows[0]!.querySelector('.change')?.classList.contains('up')).toBe(true);
    expect(rows[1]!.querySelector('.change')?.classList.contains('down')).toBe(true);
    expect(rows[1]?.textContent).toContain('Closed');
    expect(rows[2]?.textContent).toContain('Suspended');
    expect(rows[0]?.textContent).not.toContain('Open');
  });

  it('waits for two characters before searching', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD]) });
    fireEvent.input(input, { target: { value: 'e' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(named('markets.search')).toEqual([]);
    expect(screen.queryAllByTestId('popup-result')).toHaveLength(0);
  });

  it('says so when nothing matches', async () => {
    const { input } = setup({ 'markets.search': searchReply([]) });
    fireEvent.input(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('No markets match “zzzz”.')).toBeTruthy();
  });

  it('shows cached results marked stale before the background answers', async () => {
    await set('eur', { value: [EURUSD], fetchedAt: now() - 3600_000, lastUsed: now() }, cacheStore('search'));
    const { input } = setup({});
    fireEvent.input(input, { target: { value: 'EUR' } });
    const row = await screen.findByTestId('popup-result');
    expect(row?.textContent).toContain('EUR/USD');
    expect(within(row).getByText('1 h ago')?.classList.contains('stale')).toBe(true);
  });
});

describe('popup keyboard', () => {
  it('moves with the arrows, opens with Enter, goes back with Escape and clears with a second Escape', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD, EURGBP]) });
    fireEvent.input(input, { target: { value: 'eur' } });
    await screen.findAllByTestId('popup-result');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(input?.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'EUR/USD' })).toBeTruthy();
    expect(named('recent.add')).toEqual([{ epic: 'CS.D.EURUSD.TODAY.IP' }]);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('heading', { level: 1, name: 'EUR/USD' })).toBeNull();
    expect(screen.getAllByTestId('popup-result')).toHaveLength(2);
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    expect(screen.queryAllByTestId('popup-result')).toHaveLength(0);
  });

  it('gives the search box the focus again when the popup window gains it with nothing focused (Firefox shows its panel after the page focused the box)', () => {
    const { input } = setup({});
    input.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.focus(window);
    expect(document.activeElement).toBe(input);
    // Focus the user put elsewhere stays there.
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    fireEvent.focus(window);
    expect(document.activeElement).toBe(other);
    other.remove();
  });

  it('focuses the search with "/"', async () => {
    const { input } = setup({});
    input.blur();
    expect(document.activeElement).not.toBe(input);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(input);
  });

  it('opens a market by click', async () => {
    const { input } = setup({ 'markets.search': searchReply([EURUSD, EURGBP]) });
    fireEvent.input(input, { target: { value: 'eur' } });
    const rows = await screen.findAllByTestId('popup-result');
    fireEvent.click(rows[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'EUR/GBP' })).toBeTruthy();
  });
});

describe('popup first paint and recent lookups', () => {
  it('paints recent lookups with their cached price before any request returns', async () => {
    await recentLookups.setValue([{ epic: EURUSD.epic, instrumentName: 'EUR/USD', at: 1 }]);
    await set(
      EURUSD.epic,
      { value: EURUSD, fetchedAt: now(), lastUsed: now(), trail: [], trailAt: 0 },
      cacheStore('snapshots'),
    );
    const { calls } = setup({});
    const row = await screen.findByTestId('popup-result');
    expect(screen.getByRole('listbox', { name: 'Recent lookups' })).toBeTruthy();
    expect(row?.textContent).toContain('EUR/USD');
    expect(row?.textContent).toContain('1.0841');
    // The background was asked but has not answered (the fake never answers markets.quotes here).
    await waitFor(() => expect(calls.some((c) => c.name === 'markets.quotes')).toBe(true));
  });

  it('does not ask for recent prices when it opens on a search', async () => {
    await recentLookups.setValue([{ epic: EURUSD.epic, instrumentName: 'EUR/USD', at: 1 }]);
    const { named } = setup({ 'markets.search': searchReply([EURGBP]) }, { q: 'EUR/GBP' });
    expect(await screen.findByTestId('popup-result')).toBeTruthy();
    expect(named('markets.quotes')).toEqual([]);
  });

  it('suggests what to type when there is nothing recent', async () => {
    setup({});
    expect(await screen.findByText(/Type at least two letters/)).toBeTruthy();
  });
});
