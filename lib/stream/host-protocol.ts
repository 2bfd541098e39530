// The messages between the background and the document that runs the stream (Chrome's offscreen
// document). The document opens one Port with this name to the background; the background checks the
// sender is that document and sends commands (tokens only in `connect`) on that Port alone; the document
// sends updates and states back. Both ends check every message.
import * as v from 'valibot';
import { lazySchema } from '../lazy-schema';

export { STREAM_HOST_PATH, STREAM_HOST_PORT } from './host-names';

const linkId = lazySchema(() => v.pipe(v.number(), v.integer(), v.minValue(0)));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const names = lazySchema(() => v.pipe(v.array(text(200)), v.maxLength(2000)));

export const subscriptionSchema = lazySchema(() =>
  v.object({
    id: text(100),
    mode: v.picklist(['MERGE', 'DISTINCT']),
    items: names,
    fields: names,
    adapter: v.optional(text(100)),
    snapshot: v.optional(v.boolean()),
  }),
);

export const hostCommandSchema = lazySchema(() =>
  v.variant('op', [
    v.object({
      op: v.literal('connect'),
      link: linkId,
      endpoint: v.pipe(v.string(), v.url()),
      user: text(100),
      password: text(4000),
    }),
    v.object({ op: v.literal('disconnect'), link: linkId }),
    v.object({ op: v.literal('subscribe'), link: linkId, sub: subscriptionSchema }),
    v.object({ op: v.literal('unsubscribe'), link: linkId, id: text(100) }),
  ]),
);
export type HostCommand = v.InferOutput<typeof hostCommandSchema>;

export const hostEventSchema = lazySchema(() =>
  v.variant('ev', [
    v.object({
      ev: v.literal('update'),
      link: linkId,
      subId: text(100),
      item: text(200),
      changed: v.record(text(100), v.nullable(text(100_000))),
    }),
    v.object({ ev: v.literal('status'), link: linkId, status: text(100) }),
    v.object({ ev: v.literal('server-error'), link: linkId, code: v.number(), message: text(1000) }),
    v.object({ ev: v.literal('sub-error'), link: linkId, subId: text(100), code: v.number(), message: text(1000) }),
  ]),
);
export type HostEvent = v.InferOutput<typeof hostEventSchema>;
