import { describe, expect, it } from 'vitest';
import { asciiEscaped } from '../../scripts/ascii-script';

// What the worker's script says must not change when its non-ASCII characters are escaped: each piece of
// code below gives the same value before and after, and the escaped text is ASCII.
const run = (code: string): unknown => new Function(`return ${code}`)();

describe('asciiEscaped', () => {
  it.each([
    ['a string', `"price \u2013 n/a \u00b7 \u20ac5"`],
    ['a template', '`1 \u2212 2 \u2026`'],
    ['a regular expression', `/^[\\s"'\u201c\u201d\u00ab\u00bb]+$/.test("\u201c\u00ab ")`],
    ['a regular expression with the u flag and a character beyond two bytes', `/^\u{1F4C8}.$/u.test("\u{1F4C8}x")`],
    ['a comment', `/* \u2013 */ "x"`],
  ])('%s means the same, in ASCII', (_name, code) => {
    const escaped = asciiEscaped(code);
    expect(escaped).not.toMatch(/[\u0080-\uffff]/);
    expect(escaped).not.toBe(code);
    expect(run(escaped)).toEqual(run(code));
  });
});
