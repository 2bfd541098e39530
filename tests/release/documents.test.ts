// What a store listing and a reviewer read: the version moves with the changelog, the privacy policy says
// what is kept and sent (IG only), and the privacy page shows that text without interpreting any HTML.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainMarkdown } from '../../lib/release/plain-markdown';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const changelog = readFileSync('CHANGELOG.md', 'utf8');
const privacy = readFileSync('PRIVACY.md', 'utf8');

const parts = (v: string) => v.split('.').map(Number);
const newer = (a: string, b: string) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
};

describe('versions', () => {
  const versions = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)/gm)].map((m) => m[1]!);

  it("the changelog's newest section is package.json's version", () => {
    expect(versions[0]).toBe(pkg.version);
  });

  it('each release moves the version up', () => {
    expect(versions.length).toBeGreaterThan(1);
    for (let i = 1; i < versions.length; i++) expect(newer(versions[i - 1]!, versions[i]!)).toBe(true);
  });
});

describe('the privacy policy', () => {
  it('says what is sent to whom, what is stored where, and that nothing is sold or shared', () => {
    const text = privacy.replace(/\s+/g, ' ');
    expect(text).toContain('Only IG');
    expect(text).toContain('Nobody else');
    expect(text).toContain('never sold, shared');
    for (const kept of ['API key and password', 'Session tokens', 'IndexedDB', 'encrypted with a PIN'])
      expect(text).toContain(kept);
  });

  it('renders as headings, paragraphs and lists, every word of the file kept', () => {
    const blocks = plainMarkdown(privacy);
    expect(blocks[0]).toEqual({ kind: 'h1', text: 'Marketside privacy policy' });
    expect(blocks.filter((b) => b.kind === 'h2').length).toBeGreaterThanOrEqual(5);
    const rendered = blocks.map((b) => (b.kind === 'ul' ? b.items.join(' ') : b.text)).join(' ');
    const words = (s: string) =>
      s
        .replace(/^#+ |^- /gm, '')
        .split(/\s+/)
        .filter(Boolean);
    expect(words(rendered)).toEqual(words(privacy));
  });

  it('keeps markup as text', () => {
    expect(plainMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'p', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(plainMarkdown('- a\n  b\n- c\n\ntext')).toEqual([
      { kind: 'ul', items: ['a b', 'c'] },
      { kind: 'p', text: 'text' },
    ]);
  });
});
