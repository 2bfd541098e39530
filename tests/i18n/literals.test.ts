import { describe, expect, it } from 'vitest';
import { userVisibleLiterals } from './literals';

describe('userVisibleLiterals', () => {
  it('finds text between tags, a literal label and a quoted sentence', () => {
    const found = userVisibleLiterals(
      [
        'const a = <p class="muted">Loading prices…</p>;',
        'const b = <input aria-label="Search markets" />;',
        "setMessage('The side panel did not open');",
        'const c = (',
        '  <button>',
        '    Open settings',
        '  </button>',
        ');',
      ].join('\n'),
    ).map((l) => [l.line, l.text]);
    expect(found).toEqual([
      [1, 'Loading prices…'],
      [2, 'aria-label="Search markets"'],
      [3, "'The side panel did not open'"],
      [6, 'Open settings'],
    ]);
  });

  it('leaves alone the catalogue, symbols, codes, comments and types', () => {
    const found = userVisibleLiterals(
      [
        'const a = <p class="muted">{i18n.t(\'common.loading\')}</p>;',
        '// Shows "Loading prices" while it loads',
        '/** The side panel, when it opens. */',
        'const b = <button aria-label={label}>⚙</button>;',
        'const c = <input placeholder="CS.D.EURUSD.CFD.IP" />;',
        'const d = (load: () => Promise<ComponentType<P>>) => load;',
        "if (e.key === 'Escape') close();",
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });
});
