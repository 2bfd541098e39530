// The stream part over the official Lightstreamer client (web 8.0.9 in a document, node 8.0.5 in
// tests): the library is passed in, so this file never pulls it into a bundle by itself.
import type { StreamLink, StreamSubscription, StreamUpdate } from './link';

interface LsItemUpdate {
  getItemName(): string;
  forEachChangedField(fn: (name: string, pos: number, value: string | null) => void): void;
}

interface LsSubscription {
  setDataAdapter(adapter: string): void;
  setRequestedSnapshot(snapshot: string): void;
  addListener(listener: {
    onItemUpdate?(update: LsItemUpdate): void;
    onSubscriptionError?(code: number, message: string): void;
  }): void;
}

interface LsClient {
  connectionDetails: { setUser(user: string): void; setPassword(password: string): void };
  addListener(listener: {
    onStatusChange?(status: string): void;
    onServerError?(code: number, message: string): void;
  }): void;
  connect(): void;
  disconnect(): void;
  subscribe(sub: LsSubscription): void;
  unsubscribe(sub: LsSubscription): void;
}

/** The two classes of a Lightstreamer 8.x client library (web or node). */
export interface LightstreamerLibrary {
  LightstreamerClient: new (serverAddress: string, adapterSet?: string) => LsClient;
  Subscription: new (mode: string, items: string[], fields: string[]) => LsSubscription;
}

/** The client wants the server's address; IG gives `https://host`, the simulator may add `/lightstreamer`. */
export function serverAddress(endpoint: string): string {
  const url = new URL(endpoint);
  url.pathname = url.pathname.replace(/\/lightstreamer\/?$/, '/');
  return url.toString();
}

export function lightstreamerLink(lib: LightstreamerLibrary): StreamLink {
  let client: LsClient | null = null;
  const subs = new Map<string, LsSubscription>();
  let onUpdate: (u: StreamUpdate) => void = () => {};
  let onStatus: (s: string) => void = () => {};
  let onServerError: (code: number, message: string) => void = () => {};
  let onSubscriptionError: (id: string, code: number, message: string) => void = () => {};

  return {
    connect(endpoint, user, password) {
      if (client) throw new Error('This stream link is already connected');
      client = new lib.LightstreamerClient(serverAddress(endpoint));
      client.connectionDetails.setUser(user);
      client.connectionDetails.setPassword(password);
      client.addListener({
        onStatusChange: (s) => onStatus(s),
        onServerError: (code, message) => onServerError(code, message),
      });
      client.connect();
    },
    disconnect() {
      subs.clear();
      client?.disconnect();
    },
    subscribe(s: StreamSubscription) {
      const sub = new lib.Subscription(s.mode, s.items, s.fields);
      if (s.adapter) sub.setDataAdapter(s.adapter);
      sub.setRequestedSnapshot(s.snapshot === false ? 'no' : 'yes');
      sub.addListener({
        onItemUpdate: (u) => {
          const changed: Record<string, string | null> = {};
          u.forEachChangedField((name, _pos, value) => {
            changed[name] = value;
          });
          onUpdate({ subId: s.id, item: u.getItemName(), changed });
        },
        onSubscriptionError: (code, message) => onSubscriptionError(s.id, code, message),
      });
      subs.set(s.id, sub);
      client?.subscribe(sub);
    },
    unsubscribe(id) {
      const sub = subs.get(id);
      subs.delete(id);
      if (sub) client?.unsubscribe(sub);
    },
    onUpdate: (fn) => {
      onUpdate = fn;
    },
    onStatus: (fn) => {
      onStatus = fn;
    },
    onServerError: (fn) => {
      onServerError = fn;
    },
    onSubscriptionError: (fn) => {
      onSubscriptionError = fn;
    },
  };
}
