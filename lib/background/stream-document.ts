// Chrome: the stream runs in an offscreen document the background starts when it needs it; the document
// opens its Port once the background asked for it (offscreen-channel.ts).
import type { ChannelPort } from '../stream/host-channel';
import { STREAM_HOST_PORT } from '../stream/host-names';
import type { StreamLink } from '../stream/link';
import { createOffscreenChannel, type OffscreenApi } from './offscreen-channel';

export interface OffscreenStreamChannel {
  link(): Promise<StreamLink>;
  /** Takes a Port from runtime.onConnect when it is named for the stream document; true when it was. */
  accept(port: ChannelPort): boolean;
}

export function offscreenStreamChannel(
  runtime: { id: string; getURL(path: string): string },
  offscreen: OffscreenApi,
): OffscreenStreamChannel {
  const channel = createOffscreenChannel(runtime, offscreen);
  return {
    link: () => channel.link(),
    accept(port) {
      if (port.name !== STREAM_HOST_PORT) return false;
      channel.accept(port);
      return true;
    },
  };
}
