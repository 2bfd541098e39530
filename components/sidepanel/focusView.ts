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

/** Places focus in the view now shown in `main`, if it was lost; returns a cleanup for a pending wait. */
export function focusView(main: HTMLElement, leftEpic: string | null): () => void {
  if (!focusLost()) return () => undefined;
  const heading = main.querySelector<HTMLElement>('.view h2') ?? main.querySelector<HTMLElement>('.view') ?? main;
  focusTarget(heading);
  if (!leftEpic) return () => undefined;

  const selector = `[data-epic="${CSS.escape(leftEpic)}"] button`;
  const toRow = (): boolean => {
    const row = main.querySelector<HTMLElement>(selector);
    if (row) row.focus();
    return row !== null;
  };
  if (toRow()) return () => undefined;
  // Waits as long as focus stays where it was put and this view is shown (the caller cleans up on the next).
  const observer = new MutationObserver(() => {
    if (toRow()) stop();
  });
  function stop() {
    observer.disconnect();
    heading.removeEventListener('blur', stop);
  }
  heading.addEventListener('blur', stop);
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
