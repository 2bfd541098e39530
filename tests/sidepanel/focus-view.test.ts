// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusView } from '../../components/sidepanel/focusView';

afterEach(() => {
  document.body.innerHTML = '';
});

function mainWith(html: string): HTMLElement {
  document.body.innerHTML = `<button id="outside">Positions</button><main>${html}</main>`;
  return document.querySelector('main')!;
}

const row = (epic: string) => `<table><tr data-epic="${epic}"><td><button>${epic}</button></td></tr></table>`;

describe('focusView', () => {
  it('puts focus lost to the body on the new view’s heading', () => {
    const main = mainWith('<article class="view"><button>Back</button><h2>EUR/USD</h2></article>');
    focusView(main, null);
    expect(document.activeElement?.textContent).toBe('EUR/USD');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('falls back to the view, then to main, when there is no heading', () => {
    const main = mainWith('<section class="view" aria-label="Watchlists"><p>Loading…</p></section>');
    focusView(main, null);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Watchlists');
    const bare = mainWith('<p>Loading watchlists…</p>');
    focusView(bare, null);
    expect(document.activeElement).toBe(bare);
  });

  it('leaves focus where it is when the control that changed the view is still there', () => {
    const main = mainWith('<section class="view"><h2>Positions</h2></section>');
    document.getElementById('outside')!.focus();
    focusView(main, null);
    expect(document.activeElement?.id).toBe('outside');
  });

  it('goes back to the row of the market just left once the list draws it', async () => {
    const main = mainWith('<section class="view" aria-label="Watchlists"></section>');
    focusView(main, 'IX.D.FTSE.DAILY.IP');
    main
      .querySelector('.view')!
      .insertAdjacentHTML('beforeend', row('CS.D.EURUSD.MINI.IP') + row('IX.D.FTSE.DAILY.IP'));
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('IX.D.FTSE.DAILY.IP'), { timeout: 10_000 });
  });

  it('does not take focus back from where the user moved it meanwhile', async () => {
    const main = mainWith('<section class="view" aria-label="Watchlists"><input aria-label="Add a market"></section>');
    const cleanup = focusView(main, 'IX.D.FTSE.DAILY.IP');
    main.querySelector('input')!.focus();
    main.querySelector('.view')!.insertAdjacentHTML('beforeend', row('IX.D.FTSE.DAILY.IP'));
    await Promise.resolve();
    expect(document.activeElement?.tagName).toBe('INPUT');
    cleanup();
  });

  it('stops waiting for the row when the view changes again', async () => {
    const main = mainWith('<section class="view" aria-label="Watchlists"></section>');
    const cleanup = focusView(main, 'IX.D.FTSE.DAILY.IP');
    cleanup();
    main.querySelector('.view')!.insertAdjacentHTML('beforeend', row('IX.D.FTSE.DAILY.IP'));
    await Promise.resolve();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Watchlists');
  });
});
