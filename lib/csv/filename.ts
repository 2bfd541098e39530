// The name an exported watchlist is saved under; apart from the CSV writer so the background, which
// names the file, does not carry papaparse.
/** "marketside-my-fx-list-2025-03-12.csv": the name reduced to safe file-name characters. */
export function exportFilename(watchlistName: string, now: Date): string {
  const slug =
    watchlistName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 40)
      .replace(/^-+|-+$/g, '') || 'watchlist';
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `marketside-${slug}-${date}.csv`;
}
