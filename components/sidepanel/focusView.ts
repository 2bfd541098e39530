// Where the keyboard focus goes when the side panel changes view. The control that changed it (a row, the
// Back button) is usually gone with the old view, which would leave a keyboard user on the page's body,
// starting again from the top: focus goes to the new view's heading instead, and back from a market to
// that market's row once the list has drawn it.

function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function focusTarget(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/**
 * Places focus in the view now shown in `main`, if it was lost: on its heading, which a view loaded on first
 * use draws a moment later, then (back from a market) on that market's row once the list has drawn it.
 * Waits only while focus stays where it was put; returns a cleanup for the wait (the caller runs it on the
 * next view).
 */
export function focusView(main: HTMLElement, leftEpic: string | null): () => void {
  if (!focusLost()) return () => undefined;
  const heading = () => main.querySelector<HTMLElement>('.view h2');
  const row = () => (leftEpic ? main.querySelector<HTMLElement>(`[data-epic="${CSS.escape(leftEpic)}"] button`) : null);
  let placed = heading() ?? main.querySelector<HTMLElement>('.view') ?? main;
  focusTarget(placed);
  /** True when there is nothing more to wait for. */
  const settle = (): boolean => {
    if (document.activeElement !== placed) return true;
    const r = row();
    if (r) {
      r.focus();
      return true;
    }
    const h = heading();
    if (h && h !== placed) {
      focusTarget(h);
      placed = h;
    }
    return h !== null && !leftEpic;
  };
  if (settle()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (settle()) observer.disconnect();
  });
  observer.observe(main, { childList: true, subtree: true });
  return () => observer.disconnect();
}
