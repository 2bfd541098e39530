// The panel's end of the live channel: one Port to the background while the panel is open, telling it
// which markets are on screen (the union of what each view watches) and whether the panel is visible.
// The background stops refreshing for a hidden panel; a worker restart closes the port and we reconnect.
import * as v from 'valibot';
import type { ChartWatch, LiveFromPage, LiveToPage } from '../messages/contract';
import { fundsView } from '../messages/schemas';
import { keepPortAwake } from '../stream/keep-awake';
import { browserTimeouts, type Timeouts } from '../timeouts';

export interface PortLike {
  postMessage(message: unknown): void;
  onMessage: { addListener(callback: (message: unknown) => void): void };
  onDisconnect: { addListener(callback: () => void): void };
  disconnect(): void;
}

/** Coalesces watch changes (scrolling changes them often) into one message. */
const POST_DELAY_MS = 120;
const RECONNECT_DELAY_MS = 1000;

function isLiveToPage(message: unknown): message is LiveToPage {
  if (typeof message !== 'object' || message === null) return false;
  const kind = (message as { kind?: unknown }).kind;
  if (kind === 'changed') {
    const m = message as { store?: unknown; keys?: unknown };
    return typeof m.store === 'string' && Array.isArray(m.keys);
  }
  if (kind === 'bar') {
    const m = message as { epic?: unknown; resolution?: unknown; bar?: unknown; closed?: unknown };
    const bar = m.bar as { t?: unknown } | null | undefined;
    return (
      typeof m.epic === 'string' &&
      typeof m.resolution === 'string' &&
      typeof m.closed === 'boolean' &&
      typeof bar === 'object' &&
      bar !== null &&
      typeof bar.t === 'number' &&
      (['open', 'high', 'low', 'close'] as const).every((k) => {
        const x = (bar as Record<string, unknown>)[k];
        return x === null || (typeof x === 'number' && Number.isFinite(x));
      })
    );
  }
  if (kind === 'funds') return v.is(fundsView, (message as { funds?: unknown }).funds);
  if (kind === 'quotes') return Array.isArray((message as { quotes?: unknown }).quotes);
  if (kind === 'account') {
    const what = (message as { what?: unknown }).what;
    return what === 'positions' || what === 'orders';
  }
  return kind === 'status' && typeof (message as { status?: unknown }).status === 'object';
}

export class LiveLink {
  private port: PortLike | null = null;
  private readonly sources = new Map<string, { epics: string[]; marketIds: string[]; quoted: boolean }>();
  private readonly charts = new Map<string, ChartWatch>();
  private visible = true;
  private lastPosted = '';
  private postTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private closed = false;
  private readonly listeners = new Set<(message: LiveToPage) => void>();

  private stopAwake: (() => void) | null = null;

  constructor(
    private readonly connect: () => PortLike,
    private readonly timers: Timeouts = browserTimeouts,
    /** Firefox: ask for the stream and keep the event page that runs it awake (lib/stream/keep-awake). */
    private readonly keepAwakeMs: number | null = null,
  ) {}

  start(): void {
    this.closed = false;
    this.open();
  }

  /**
   * What one view shows now; the background is told the union over views. `quoted`: the view draws its
   * markets from streamed quotes alone, so it need not hear that the cache holds what the stream sent it.
   */
  setWatch(source: string, epics: string[], marketIds: string[], quoted = false): void {
    if (epics.length === 0 && marketIds.length === 0) this.sources.delete(source);
    else this.sources.set(source, { epics, marketIds, quoted });
    this.schedulePost();
  }

  /** The chart one view shows now (null: none); the background streams its last bar where it can. */
  setChart(source: string, chart: ChartWatch | null): void {
    if (chart) this.charts.set(source, chart);
    else this.charts.delete(source);
    this.schedulePost();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    // Hiding pauses the refresh at once; showing resumes it at once too.
    this.post();
  }

  subscribe(listener: (message: LiveToPage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    if (this.postTimer !== null) this.timers.clear(this.postTimer);
    if (this.reconnectTimer !== null) this.timers.clear(this.reconnectTimer);
    this.postTimer = this.reconnectTimer = null;
    this.stopAwake?.();
    this.stopAwake = null;
    const port = this.port;
    this.port = null;
    port?.disconnect();
  }

  /** The message the background would get now. */
  current(): LiveFromPage {
    const epics = new Set<string>();
    const marketIds = new Set<string>();
    const quoted = new Set<string>();
    for (const source of this.sources.values()) {
      for (const e of source.epics) epics.add(e);
      for (const m of source.marketIds) marketIds.add(m);
      if (source.quoted) for (const e of source.epics) quoted.add(e);
    }
    // A market another view shows too is not quoted: that view reads the cache when told it changed.
    for (const source of this.sources.values()) if (!source.quoted) for (const e of source.epics) quoted.delete(e);
    const message: LiveFromPage = {
      kind: 'watch',
      epics: [...epics],
      marketIds: [...marketIds],
      visible: this.visible,
    };
    if (this.charts.size) message.charts = [...this.charts.values()];
    if (quoted.size) message.quoted = [...quoted];
    return message;
  }

  private open(): void {
    let port: PortLike;
    try {
      port = this.connect();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.port = port;
    this.lastPosted = '';
    port.onMessage.addListener((message) => {
      if (!isLiveToPage(message)) return;
      for (const listener of this.listeners) listener(message);
    });
    port.onDisconnect.addListener(() => {
      if (this.port !== port) return;
      this.port = null;
      this.stopAwake?.();
      this.stopAwake = null;
      if (!this.closed) this.scheduleReconnect();
    });
    this.post();
    if (this.keepAwakeMs !== null) {
      this.stopAwake?.();
      this.stopAwake = keepPortAwake(port, this.timers, this.keepAwakeMs);
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== null) return;
    this.reconnectTimer = this.timers.set(() => {
      this.reconnectTimer = null;
      if (!this.closed) this.open();
    }, RECONNECT_DELAY_MS);
  }

  private schedulePost(): void {
    if (this.postTimer !== null) return;
    this.postTimer = this.timers.set(() => {
      this.postTimer = null;
      this.post();
    }, POST_DELAY_MS);
  }

  private post(): void {
    if (!this.port) return;
    const message = this.current();
    const key = JSON.stringify(message);
    if (key === this.lastPosted) return;
    try {
      this.port.postMessage(message);
      this.lastPosted = key;
    } catch {
      // The port died under us; its onDisconnect reconnects and posts again.
    }
  }
}
