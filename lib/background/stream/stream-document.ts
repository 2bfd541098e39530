// Chrome: the stream runs in an offscreen document the background starts when it needs it. Its channel
// (offscreen-channel.ts) loads with the stream's first link, in Chrome's worker as a part of its own: the
// document opens its Port only after that, once the background asked for it.
import type { ChannelPort } from '../../stream/host-channel';
import { STREAM_HOST_PORT } from '../../stream/host-names';
import type { StreamLink } from '../../stream/link';
import { lazyPart } from '../lazy-part';
import type { OffscreenApi } from './offscreen-channel';

export interface OffscreenStreamChannel {
  link(): Promise<StreamLink>;
  /** Takes a Port from runtime.onConnect when it is named for the stream document; true when it was. */
  accept(port: ChannelPort): boolean;
}

export function offscreenStreamChannel(
  runtime: { id: string; getURL(path: string): string },
  offscreen: OffscreenApi,
): OffscreenStreamChannel {
  const channel = lazyPart('live prices', async () =>
    (await import('./offscreen-channel')).createOffscreenChannel(runtime, offscreen),
  );
  return {
    link: async () => (await channel()).link(),
    accept(port) {
      if (port.name !== STREAM_HOST_PORT) return false;
      void channel().then(
        (c) => c.accept(port),
        () => port.disconnect(),
      );
      return true;
    },
  };
}
