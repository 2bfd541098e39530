// Schemas built on first use (lib/lazy-schema.ts) keep what an object reads from its entries: an optional
// entry must stay an `optional` schema itself, or its key becomes required. A deal ticket without a stop was
// refused as invalid in the built extension when `stopOrLimit` sat behind a lazy wrapper.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type MessageName, requests } from '../../lib/messages/contract';
import { dealingRequests } from '../../lib/messages/requests/dealing';
import { schemaOf } from '../hostile/cases';

interface Node {
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  options?: unknown[];
  getter?: (input: unknown) => Node;
}

const OPTIONAL_KINDS = new Set(['optional', 'nullish', 'exact_optional', 'undefinedable']);
const built = (n: Node): Node => (n.type === 'lazy' && n.getter ? built(n.getter(undefined)) : n);

/** Every object entry, anywhere in a schema, that is optional only behind a lazy wrapper. */
function hiddenOptionals(schema: Node, path: string, found: string[], seen = new Set<Node>()): string[] {
  const n = built(schema);
  if (seen.has(n)) return found;
  seen.add(n);
  for (const [key, entry] of Object.entries(n.entries ?? {})) {
    if (entry.type === 'lazy' && OPTIONAL_KINDS.has(built(entry).type)) found.push(`${path}.${key}`);
    hiddenOptionals(entry, `${path}.${key}`, found, seen);
  }
  for (const inner of [n.wrapped, n.item, ...((n.options ?? []) as Node[])])
    if (inner && typeof inner === 'object' && 'type' in inner) hiddenOptionals(inner, path, found, seen);
  return found;
}

describe('schemas built on first use', () => {
  it('leave no optional entry behind a lazy wrapper, in any request of the contract', () => {
    const found: string[] = [];
    for (const name of Object.keys(requests) as MessageName[]) hiddenOptionals(schemaOf(name) as Node, name, found);
    expect(found).toEqual([]);
  });

  it("leave no optional entry behind a lazy wrapper in IG's replies, the stream's protocol or the pages' views", () => {
    const modules = import.meta.glob(
      [
        '../../lib/api/schemas/*.ts',
        '../../lib/messages/schemas.ts',
        '../../lib/stream/host-protocol.ts',
        '../../lib/background/stream/live-hub.ts',
        '../../lib/background/handlers/settings-file.ts',
      ],
      { eager: true },
    );
    const found: string[] = [];
    let schemas = 0;
    for (const [file, exports] of Object.entries(modules))
      for (const [name, value] of Object.entries(exports as Record<string, unknown>))
        if (value && typeof value === 'object' && (value as { kind?: string }).kind === 'schema') {
          schemas++;
          hiddenOptionals(value as Node, `${file.replace('../../', '')}:${name}`, found);
        }
    expect(schemas).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it('accept a deal ticket without a stop, a limit, a level or an expiry', () => {
    const ticket = { epic: 'CS.D.EURUSD.MINI.IP', direction: 'BUY', size: 1, orderType: 'MARKET', currencyCode: 'USD' };
    const parsed = v.safeParse(dealingRequests['deal.quoteOpen'], ticket);
    expect(parsed.issues?.map((i) => i.message)).toBeUndefined();
    expect(parsed.output).toMatchObject({ stop: null, limit: null, level: null, expiry: '-' });
  });
});
