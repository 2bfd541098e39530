// The stream's owner (live-stream.ts) loads with the first update, in Chrome's worker as a part of its own
// (lazy-part.ts): a worker woken to answer a page replies first. Until it has loaded the stream is off.
import { lazyPart } from './lazy-part';
import type { LiveStream, LiveStreamDeps, StreamView } from './stream/live-stream';

export type LiveStreamApi = Pick<LiveStream, 'state' | 'account' | 'streamed' | 'update' | 'stop' | 'cacheChanged'>;

export class LazyLiveStream implements LiveStreamApi {
  private real: LiveStream | null = null;
  private stops = 0;
  private readonly part: () => Promise<{ LiveStream: typeof LiveStream }>;

  constructor(
    private readonly deps: LiveStreamDeps,
    load: () => Promise<{ LiveStream: typeof LiveStream }> = () => import('./stream/live-stream'),
  ) {
    this.part = lazyPart('live prices', load);
  }

  get state(): StreamView {
    return this.real?.state ?? { mode: 'off', reason: null };
  }

  get account(): string | null {
    return this.real?.account ?? null;
  }

  streamed(): ReadonlySet<string> {
    return this.real?.streamed() ?? new Set();
  }

  /** Loads the stream's owner if need be; a stop while it loaded cancels this update. */
  async update(pagesOpen?: boolean): Promise<void> {
    const stops = this.stops;
    if (!this.real) {
      const { LiveStream } = await this.part();
      if (stops !== this.stops) return;
      this.real ??= new LiveStream(this.deps);
    }
    return this.real.update(pagesOpen);
  }

  stop(): void {
    this.stops++;
    this.real?.stop();
  }

  cacheChanged(epics: string[]): void {
    this.real?.cacheChanged(epics);
  }
}
