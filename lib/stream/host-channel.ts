// The background's side of the stream document: makes sure the document runs, takes the Port it opens
// (only from that document), and hands out links that drive the Lightstreamer client inside it. Tokens
// leave the background only in a `connect` command on that Port.
import * as v from 'valibot';
import { type HostCommand, type HostEvent, hostEventSchema, STREAM_HOST_PORT } from './host-protocol';
import type { StreamLink, StreamUpdate } from './link';

export interface ChannelPort {
  name: string;
  sender?: { id?: string; url?: string; tab?: unknown };
  postMessage(message: HostCommand): void;
  disconnect(): void;
  onMessage: { addListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
}

export interface HostChannelOptions {
  /** Start the document if it is not running (Chrome: offscreen.createDocument). */
  ensureDocument(): Promise<void>;
  /** The Port comes from the stream document of this extension (id and exact URL, no tab). */
  isHost(sender: ChannelPort['sender']): boolean;
  /** How long to wait for the document's Port. */
  timeoutMs?: number;
}

interface Listeners {
  update(u: StreamUpdate): void;
  status(s: string): void;
  serverError(code: number, message: string): void;
  subError(id: string, code: number, message: string): void;
}

export class StreamHostChannel {
  private port: ChannelPort | null = null;
  private waiting: ((port: ChannelPort) => void)[] = [];
  private readonly links = new Map<number, Listeners>();
  private nextId = 1;

  constructor(private readonly options: HostChannelOptions) {}

  /** Offer a Port from runtime.onConnect; true when it was the stream document's. */
  accept(port: ChannelPort): boolean {
    if (port.name !== STREAM_HOST_PORT) return false;
    if (!this.options.isHost(port.sender)) {
      port.disconnect();
      return true;
    }
    this.port?.disconnect();
    this.port = port;
    port.onMessage.addListener((message) => {
      if (this.port !== port) return;
      const parsed = v.safeParse(hostEventSchema, message);
      if (parsed.success) this.dispatch(parsed.output);
    });
    port.onDisconnect.addListener(() => {
      if (this.port !== port) return;
      this.port = null;
      // The document went away: every link it ran is disconnected; the supervisor starts a new one.
      for (const l of this.links.values()) l.status('DISCONNECTED');
    });
    for (const w of this.waiting.splice(0)) w(port);
    return true;
  }

  private dispatch(e: HostEvent) {
    const l = this.links.get(e.link);
    if (!l) return;
    if (e.ev === 'update') l.update({ subId: e.subId, item: e.item, changed: e.changed });
    else if (e.ev === 'status') l.status(e.status);
    else if (e.ev === 'server-error') l.serverError(e.code, e.message);
    else l.subError(e.subId, e.code, e.message);
  }

  private async ready(): Promise<ChannelPort> {
    if (this.port) return this.port;
    const arrived = new Promise<ChannelPort>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== take);
        reject(new Error('The stream document did not start'));
      }, this.options.timeoutMs ?? 10_000);
      const take = (port: ChannelPort) => {
        clearTimeout(timer);
        resolve(port);
      };
      this.waiting.push(take);
    });
    await this.options.ensureDocument();
    return this.port ?? arrived;
  }

  /** A link driving a new client in the document (the document is started first when needed). */
  async link(): Promise<StreamLink> {
    const port = await this.ready();
    const id = this.nextId++;
    const l: Listeners = { update() {}, status() {}, serverError() {}, subError() {} };
    this.links.set(id, l);
    const send = (cmd: HostCommand) => {
      if (this.port !== port) return;
      try {
        port.postMessage(cmd);
      } catch {
        // The document went away; onDisconnect tells the link.
      }
    };
    return {
      connect: (endpoint, user, password) => send({ op: 'connect', link: id, endpoint, user, password }),
      disconnect: () => {
        this.links.delete(id);
        send({ op: 'disconnect', link: id });
      },
      subscribe: (sub) => send({ op: 'subscribe', link: id, sub }),
      unsubscribe: (subId) => send({ op: 'unsubscribe', link: id, id: subId }),
      onUpdate: (fn) => {
        l.update = fn;
      },
      onStatus: (fn) => {
        l.status = fn;
      },
      onServerError: (fn) => {
        l.serverError = fn;
      },
      onSubscriptionError: (fn) => {
        l.subError = fn;
      },
    };
  }
}
