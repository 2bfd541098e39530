// What every resource group needs: the transport, the session, the stores. Kept out of the public
// Client object (in a WeakMap) so mutations can only be reached through the guarded clients.

import type * as v from 'valibot';
import { endpointByLabel } from './endpoints';
import type { Environment } from './environment';
import { check } from './parse';
import type { RateBudget } from './rate-budget';
import type { Logger, Redactor } from './redact';
import type { CallOptions } from './requests';
import type { SessionManager } from './session-manager';
import type { LockStore } from './stores';
import type { Reply, SendOptions, Transport } from './transport';

export interface ClientCore {
  transport: Transport;
  session: SessionManager;
  budget: RateBudget;
  lockStore: LockStore;
  redactor: Redactor;
  logger: Logger;
  environment: Environment;
  apiKey: string;
  now: () => number;
  /** How the workflow and reconciliation read confirmations. */
  confirm: { attempts: number; delayMs: number };
}

const cores = new WeakMap<object, ClientCore>();

export function attachCore(client: object, core: ClientCore): void {
  cores.set(client, core);
}

export function coreOf(client: object): ClientCore {
  const core = cores.get(client);
  if (!core) throw new TypeError('Not a client made by createClient');
  return core;
}

export function send(core: ClientCore, label: string, opts: SendOptions & CallOptions = {}): Promise<Reply> {
  return core.transport.send(endpointByLabel(label), opts);
}

export async function sendParsed<S extends v.GenericSchema>(
  core: ClientCore,
  label: string,
  schema: S,
  opts: SendOptions & CallOptions = {},
): Promise<v.InferOutput<S>> {
  const reply = await send(core, label, opts);
  return check(schema, reply.body, { label, status: reply.status, requestId: reply.requestId });
}

/**
 * Gives a method its spec label, readable as `fn.label`, and makes it always answer with a promise:
 * a validation failure rejects rather than throwing synchronously.
 */
export function labelled<A extends unknown[], R>(
  label: string,
  fn: (...args: A) => Promise<R>,
): ((...args: A) => Promise<R>) & { readonly label: string } {
  const method = (...args: A): Promise<R> => {
    try {
      return fn(...args);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return Object.defineProperty(method, 'label', { value: label, enumerable: true }) as typeof method & {
    readonly label: string;
  };
}
