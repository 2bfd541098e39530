// What createBackground is given, and the background it returns.
import type { UseStore } from 'idb-keyval';
import type { CacheWriterImpl } from '../../cache/writer';
import type { RefreshEngine } from '../../engine/refresh-engine';
import type { CacheStoreName, Reply } from '../../messages/contract';
import type { StreamLink } from '../../stream/link';
import type { VaultOptions } from '../../vault/crypto';
import type { ActionApi } from '../browser/badge';
import type { BackgroundPlugin, HandlerContext } from '../handlers/table';
import type { Sender } from '../routing/router';
import type { ClientHolder, ClientHolderOptions } from '../session/client-holder';
import type { MarketData } from '../sources/market-data';
import type { MarketWatch } from '../sources/market-watch';
import type { LiveHub } from '../stream/live-hub';
import type { LiveStream } from '../stream/live-stream';

export const REFRESH_ALARM = 'marketside-refresh';

export interface AlarmsApi {
  get(name: string): Promise<{ periodInMinutes?: number } | undefined>;
  create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): void | Promise<void>;
}

export interface Timers {
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface BackgroundOptions {
  extensionId: string;
  /** runtime.getURL('/') */
  extensionOrigin: string;
  action?: ActionApi;
  alarms?: AlarmsApi;
  now?: () => number;
  client?: ClientHolderOptions;
  /** Opens the cache's stores (tests and benchmarks isolate theirs). */
  openStore?: (store: CacheStoreName) => UseStore;
  plugins?: BackgroundPlugin[];
  /** The vault's KDF: where Argon2id runs (Firefox: a worker) and, in tests, lighter parameters. */
  vault: VaultOptions;
  /** Turns the market-data port for a client into something else (tests count or slow requests). */
  wrapData?: (data: MarketData) => MarketData;
  /** Timers of the refresh loop and the stream (tests run them on the simulated clock). */
  timers?: Timers;
  /**
   * When start()'s work that no reply waits on (the alarm, the badge, the stream, the first-paint snapshot)
   * begins, given the first reply's settling: the worker defers it past the first reply of a wake. Default: at once.
   */
  startAfter?: (firstReply: Promise<void>) => Promise<void>;
  /** Live prices: where the stream runs. Without it, prices are polled. */
  stream?: {
    createLink(): Promise<StreamLink>;
    /** Chrome keeps streaming with no page open; Firefox's event page would stop, so it polls then. */
    withoutPages: boolean;
  };
}

export interface Background {
  ctx: HandlerContext;
  markets: MarketWatch;
  engine: RefreshEngine;
  hub: LiveHub;
  stream: LiveStream | null;
  cache: CacheWriterImpl;
  clients: ClientHolder;
  route(message: unknown, sender: Sender): Promise<Reply<unknown>> | undefined;
  onAlarm(name: string): Promise<void>;
  /** Watch the settings, set the alarm, paint the badge; call once when the worker starts. */
  start(): Promise<void>;
  stop(): void;
}
