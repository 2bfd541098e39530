// The stream part behind a small interface: the Lightstreamer client in a document (the real one) or a
// fake in tests. Values arrive as Lightstreamer reports them: only the changed fields of an update, a
// field's null as null. No token is kept here beyond the connect call.

export type StreamMode = 'MERGE' | 'DISTINCT';

export interface StreamSubscription {
  /** Chosen by the owner; unique on the connection. */
  id: string;
  mode: StreamMode;
  items: string[];
  fields: string[];
  /** Data adapter (`Pricing` for PRICE items); the default adapter when absent. */
  adapter?: string;
  snapshot?: boolean;
}

export interface StreamUpdate {
  subId: string;
  item: string;
  /** The fields that changed in this update (all fields on the first one); null where the service sent null. */
  changed: Record<string, string | null>;
}

export interface StreamLink {
  connect(endpoint: string, user: string, password: string): void;
  disconnect(): void;
  subscribe(sub: StreamSubscription): void;
  unsubscribe(id: string): void;
  onUpdate(fn: (update: StreamUpdate) => void): void;
  /** Lightstreamer's client status: CONNECTING, CONNECTED:WS-STREAMING, DISCONNECTED:WILL-RETRY, … */
  onStatus(fn: (status: string) => void): void;
  /** A refusal the client does not retry on its own (CONERR 1 bad credentials, 65 protocol, END …). */
  onServerError(fn: (code: number, message: string) => void): void;
  onSubscriptionError?(fn: (subId: string, code: number, message: string) => void): void;
}
