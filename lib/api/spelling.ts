// Which spelling of a path a gateway answers (reference §0.1). IG's hosts are sent IG's spelling first,
// any other gateway the spec's. A read refused with 404 `invalid.url` tries the other spelling once, and
// what answered is remembered per gateway; a mutation never guesses: it uses the remembered spelling,
// or the host's default while no read has proven one.
import type { Endpoint } from './endpoints';
import { environmentOf } from './environment';

export type Spelling = 'ig' | 'spec';

/** Remembers, per gateway (its base URL), the spelling a read was answered in. */
export interface SpellingStore {
  load(gateway: string): Promise<Spelling | null>;
  save(gateway: string, spelling: Spelling): Promise<void>;
}

export function memorySpellingStore(initial: Record<string, Spelling> = {}): SpellingStore {
  const known = new Map(Object.entries(initial));
  return {
    load: async (gateway) => known.get(gateway) ?? null,
    save: async (gateway, spelling) => {
      known.set(gateway, spelling);
    },
  };
}

export function defaultSpelling(baseUrl: string): Spelling {
  return environmentOf(baseUrl) === 'custom' ? 'spec' : 'ig';
}

export const otherSpelling = (s: Spelling): Spelling => (s === 'ig' ? 'spec' : 'ig');

export function pathIn(endpoint: Endpoint, spelling: Spelling): string {
  return spelling === 'ig' && endpoint.igPath ? endpoint.igPath : endpoint.path;
}

/** One gateway's spelling: the proven one once a read has answered, the host's default before. */
export class GatewaySpelling {
  private proven: Spelling | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly gateway: string,
    private readonly store: SpellingStore,
  ) {}

  async current(): Promise<Spelling> {
    this.loading ??= this.store
      .load(this.gateway)
      .then((s) => {
        if (this.proven === null && (s === 'ig' || s === 'spec')) this.proven = s;
      })
      .catch(() => undefined);
    await this.loading;
    return this.proven ?? defaultSpelling(this.gateway);
  }

  async prove(spelling: Spelling): Promise<void> {
    if (this.proven === spelling) return;
    this.proven = spelling;
    await this.store.save(this.gateway, spelling).catch(() => undefined);
  }
}
