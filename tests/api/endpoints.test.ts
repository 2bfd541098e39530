import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointByLabel, endpoints } from '../../lib/api';

const shared = '/work/shared/spec/trading-service-interface.md';
const copy = fileURLToPath(new URL('../fixtures/ig/spec/trading-service-interface.md', import.meta.url));
const specText = readFileSync(existsSync(shared) ? shared : copy, 'utf8');

/** Every row of the spec's endpoint tables: | Method | Path | Version | Operation label |. */
function specRows() {
  const rows: { method: string; path: string; version: number; label: string }[] = [];
  for (const line of specText.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length !== 6) continue;
    const [, method, path, version, label] = cells;
    if (!method || !/^(GET|POST|PUT|DELETE)$/.test(method)) continue;
    rows.push({ method, path: path ?? '', version: Number(version), label: label ?? '' });
  }
  return rows;
}

describe('endpoint table', () => {
  it('equals the spec tables row for row, in order', () => {
    const spec = specRows();
    expect(spec).toHaveLength(40);
    const mine = endpoints
      .filter((e) => !e.internal && !e.ig)
      .map(({ method, path, version, label }) => ({ method, path, version, label }));
    expect(mine).toEqual(spec);
  });

  it('has unique labels and the internal login, refresh and account-list rows', () => {
    const labels = endpoints.map((e) => e.label);
    expect(new Set(labels).size).toBe(labels.length);
    const internal = endpoints
      .filter((e) => e.internal)
      .map(({ method, path, version }) => `${method} ${path} v${version}`);
    expect(internal.sort()).toEqual([
      'GET /accounts v1',
      'POST /session v2',
      'POST /session v3',
      'POST /session/refresh-token v1',
    ]);
  });

  it("marks IG's history rows beyond the spec, and only those, as IG's", () => {
    const ig = endpoints
      .filter((e) => e.ig)
      .map(({ method, path, version, label }) => `${method} ${path} v${version} ${label}`);
    expect(ig).toEqual([
      'GET /history/activity v3 history.activity',
      'GET /history/transactions v2 history.transactions',
    ]);
    expect(endpoints.filter((e) => e.ig && e.internal)).toEqual([]);
    const specPaths = new Set(specRows().map((r) => r.path));
    for (const row of endpoints.filter((e) => e.ig)) expect(specPaths.has(row.path)).toBe(false);
  });

  it('looks rows up by label and refuses unknown labels', () => {
    expect(endpointByLabel('client_sentiment.related')).toMatchObject({
      method: 'GET',
      path: '/client-sentiment/related/{market_id}',
      version: 1,
    });
    expect(() => endpointByLabel('positions.nope')).toThrow();
  });

  it("gives IG's own spelling where it differs from the spec's (reference §0.1), and only there", () => {
    const spelled = endpoints.filter((e) => e.igPath).map((e) => `${e.method} ${e.path} -> ${e.igPath}`);
    expect(spelled).toEqual([
      'GET /working-orders -> /workingorders',
      'POST /working-orders/otc -> /workingorders/otc',
      'PUT /working-orders/otc/{deal_id} -> /workingorders/otc/{deal_id}',
      'DELETE /working-orders/otc/{deal_id} -> /workingorders/otc/{deal_id}',
      'GET /client-sentiment -> /clientsentiment',
      'GET /client-sentiment/{market_id} -> /clientsentiment/{market_id}',
      'GET /client-sentiment/related/{market_id} -> /clientsentiment/related/{market_id}',
    ]);
  });

  it('names the versions the spec lists under Versioning', () => {
    const v = (label: string) => endpointByLabel(label).version;
    expect(v('prices.list')).toBe(3);
    expect(v('markets.get')).toBe(4);
    expect(v('markets.list')).toBe(2);
    expect(v('markets.search')).toBe(1);
  });
});
