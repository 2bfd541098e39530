// What a reasonable lint can tell of words left in a page's code instead of the catalogue: text between JSX
// tags, a literal name, title, placeholder or label attribute, and a quoted sentence (a capital, a word, a
// space, more). Comments are left out; symbols (←, ⚙, –, %) and IG's own codes are not words.

/** The file's code with comments blanked, line numbers kept. */
export function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, (_, before: string) => before);
}

const WORD = /\p{L}{2,}/u;
const PATTERNS: RegExp[] = [
  // Text between a tag's end and the next tag or expression.
  /(?<=[^=]>)[^<>{}()=;&|`'"]*\p{L}{2,}[^<>{}()=;&|`'"]*(?=[<{])/gu,
  // A literal attribute a user sees or hears (not a code such as an epic, CS.D.EURUSD.CFD.IP).
  /\b(?:aria-label|title|placeholder|alt|label)="(?![A-Z0-9._/-]*")[^"]*\p{L}{2,}[^"]*"/gu,
  // A quoted sentence.
  /(['`])[A-Z][a-z]+,? [a-z][^'`\n]*\1/g,
];

export interface Literal {
  line: number;
  text: string;
}

export function userVisibleLiterals(source: string): Literal[] {
  const code = withoutComments(source);
  const found: Literal[] = [];
  for (const pattern of PATTERNS) {
    for (const m of code.matchAll(pattern)) {
      const text = m[0].trim();
      if (!WORD.test(text)) continue;
      const at = m.index + m[0].indexOf(text);
      found.push({ line: code.slice(0, at).split('\n').length, text });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}
