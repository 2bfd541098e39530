// The one entry for messages from pages: checks the envelope, the sender and the request before any
// handler runs; a foreign sender (web page, content script, another extension) gets no answer at all.

import * as v from 'valibot';
import { i18n } from '#i18n';
import { type MessageName, type Reply, requestSchema, requests, secretFields } from '../../messages/contract';
import type { HandlerContext, Handlers } from '../handlers/table';
import { toErrorView } from './error-view';
import { redactReply } from './redact-reply';

export interface Sender {
  id?: string;
  url?: string;
  tab?: unknown;
  origin?: string;
}

export interface RouterConfig {
  /** runtime.id */
  extensionId: string;
  /** runtime.getURL('/'), e.g. `chrome-extension://<id>/` */
  extensionOrigin: string;
  handlers: Handlers;
  /** The credentials and tokens held right now; no reply may contain one. */
  secrets(): Promise<string[]>;
}

export type Route = (message: unknown, sender: Sender, ctx: HandlerContext) => Promise<Reply<unknown>> | undefined;

const envelope = v.object({
  id: v.union([v.number(), v.string()]),
  type: v.string(),
  data: v.unknown(),
  timestamp: v.number(),
});

/** Only the extension's own pages: same id, a URL and (when given) an origin inside the extension. */
export function isOwnPage(sender: Sender, config: Pick<RouterConfig, 'extensionId' | 'extensionOrigin'>): boolean {
  const origin = config.extensionOrigin.endsWith('/') ? config.extensionOrigin : `${config.extensionOrigin}/`;
  if (sender.id !== config.extensionId) return false;
  if (typeof sender.url !== 'string' || !sender.url.startsWith(origin)) return false;
  if (sender.origin !== undefined && `${sender.origin}/` !== origin) return false;
  return true;
}

function isMessageName(name: string): name is MessageName {
  return Object.hasOwn(requests, name);
}

async function run(name: MessageName, data: unknown, ctx: HandlerContext, config: RouterConfig) {
  let schema: v.GenericSchema;
  try {
    schema = await requestSchema(name);
  } catch (err) {
    return { ok: false as const, error: toErrorView(err) };
  }
  // valibot's own words ("Invalid type: Expected…") are English: a check without words of ours says which field.
  const parsed = v.safeParse(schema, data, { message: () => '' });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue ? (v.getDotPath(issue) ?? undefined) : undefined;
    return {
      ok: false as const,
      error: { kind: 'validation' as const, message: safeMessage(issue?.message, field), field },
    };
  }
  const handler = config.handlers[name] as (request: unknown, ctx: HandlerContext) => Promise<unknown>;
  try {
    return { ok: true as const, data: await handler(parsed.output, ctx) };
  } catch (err) {
    return { ok: false as const, error: toErrorView(err) };
  }
}

export function createRouter(config: RouterConfig): Route {
  return (message, sender, ctx) => {
    if (!isOwnPage(sender, config)) return undefined;
    const msg = v.safeParse(envelope, message);
    if (!msg.success) return undefined;
    const { type, data } = msg.output;
    const reply: Promise<Reply<unknown>> = isMessageName(type)
      ? run(type, data, ctx, config)
      : Promise.resolve({ ok: false, error: { kind: 'bad-request', message: i18n.t('workerError.unknownMessage') } });
    const inFlight = isMessageName(type) ? secretsInFlight(type, data) : [];
    return reply.then(async (r) => redactReply(r, [...inFlight, ...(await config.secrets())]));
  };
}

/** The secret fields of this request as sent (a PIN, a password), so no reply can echo them. */
function secretsInFlight(name: MessageName, data: unknown): string[] {
  const fields = secretFields[name];
  if (!fields || typeof data !== 'object' || data === null) return [];
  const values = fields.map((f) => (data as Record<string, unknown>)[f]);
  return values.filter((x): x is string => typeof x === 'string');
}

/** A validation message without the offending input (which may be huge or hostile). */
function safeMessage(message: string | undefined, field: string | undefined): string {
  const plain = message?.replace(/\s*but received[\s\S]*$/, '').trim();
  if (!plain || plain.length > 200)
    return field ? i18n.t('workerError.invalidField', { field }) : i18n.t('workerError.invalidRequest');
  return plain;
}
