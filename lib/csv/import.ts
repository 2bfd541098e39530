// Reading epics out of what a user imports: a CSV (with or without a header; the epic column is found by
// its header or by its contents, any common delimiter), or a plain list of epics separated by newlines,
// commas, semicolons or spaces. Pure, and run in the page that imports (papaparse stays out of the
// service worker): the background verifies the epics with the service afterwards.
import Papa from 'papaparse';
import { EPIC } from '../api/patterns';

export interface ParsedEpics {
  /** Well-formed epics, upper-cased, first occurrence order, each once. */
  epics: string[];
  /** Epics that appeared more than once in the text (listed once each). */
  duplicates: string[];
  /** Tokens that cannot be epics (wrong characters or length), as written. */
  invalid: string[];
}

/** The service's epic pattern (also the message contract's). */
export { EPIC };

/** What an epic looks like in practice (CS.D.EURUSD.MINI.IP): dotted, with a letter. Used to find the column. */
const EPIC_LIKE = /^(?=.*[A-Za-z])[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/;
const HEADER_WORDS = new Set(['epic', 'epics', 'market epic', 'instrument epic']);

/** Cell as written, minus the spreadsheet's formula-defusing apostrophe and surrounding space. */
function clean(cell: string): string {
  return cell.trim().replace(/^'/, '').trim();
}

function looksLikeEpic(cell: string): boolean {
  const c = clean(cell);
  return c.length >= 6 && c.length <= 30 && EPIC_LIKE.test(c);
}

function isHeaderWord(cell: string): boolean {
  return HEADER_WORDS.has(clean(cell).toLowerCase());
}

function collect(tokens: readonly string[]): ParsedEpics {
  const seen = new Set<string>();
  const dup = new Set<string>();
  const epics: string[] = [];
  const invalid: string[] = [];
  for (const raw of tokens) {
    const token = clean(raw);
    if (token === '') continue;
    if (!EPIC.test(token)) {
      // Shown back to the user as written, minus what no text should carry (a binary file's bytes).
      const shown = token.replace(/\p{Cc}/gu, '\uFFFD');
      invalid.push(shown.length > 60 ? `${shown.slice(0, 57)}…` : shown);
      continue;
    }
    const epic = token.toUpperCase();
    if (seen.has(epic)) dup.add(epic);
    else {
      seen.add(epic);
      epics.push(epic);
    }
  }
  return { epics, duplicates: [...dup], invalid };
}

function plainTokens(rows: readonly string[][]): string[] {
  const tokens = rows.flatMap((row) => row.flatMap((cell) => cell.split(/[\s,;|]+/)));
  if (tokens.length > 0 && isHeaderWord(tokens[0] ?? '')) tokens.shift();
  return tokens;
}

/**
 * A list rather than a table: more than half of its tokens look like epics. An exported or spreadsheet CSV
 * has names and prices beside each epic, so at most half of its tokens do.
 */
function mostlyEpics(rows: readonly string[][]): boolean {
  const tokens = plainTokens(rows).filter((t) => t.trim() !== '');
  return tokens.filter(looksLikeEpic).length * 2 > tokens.length;
}

/** The index of the epic column: by header, else the column with the most epic-like cells. */
function epicColumn(rows: readonly string[][]): { index: number; header: boolean } | null {
  const first = rows[0] ?? [];
  const byHeader = first.findIndex(isHeaderWord);
  if (byHeader >= 0) return { index: byHeader, header: true };
  const width = Math.max(...rows.map((r) => r.length));
  let best = -1;
  let bestCount = 0;
  for (let c = 0; c < width; c++) {
    const count = rows.filter((r) => looksLikeEpic(r[c] ?? '')).length;
    if (count > bestCount) {
      best = c;
      bestCount = count;
    }
  }
  if (best < 0) return null;
  // A first row whose cell in that column is not an epic while others are is a header (e.g. "Code").
  const header = rows.length > 1 && !looksLikeEpic(first[best] ?? '');
  return { index: best, header };
}

export function parseEpicList(text: string): ParsedEpics {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { epics: [], duplicates: [], invalid: [] };
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy', delimitersToGuess: [',', '\t', ';', '|'] });
  const rows = parsed.data.filter((row) => row.some((cell) => cell.trim() !== ''));
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (width <= 1 || mostlyEpics(rows)) return collect(plainTokens(rows));

  const column = epicColumn(rows);
  if (!column) return collect(plainTokens(rows));
  const data = column.header ? rows.slice(1) : rows;
  return collect(data.map((row) => row[column.index] ?? ''));
}
