// Chrome: the stream runs in an offscreen document the background starts when it needs it. The
// document's Port is accepted only from this extension's own offscreen page (no tab, exact URL).

import { type ChannelPort, StreamHostChannel } from '../stream/host-channel';
import { STREAM_HOST_PATH } from '../stream/host-names';

export interface OffscreenApi {
  hasDocument?(): Promise<boolean>;
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
}

export function createOffscreenChannel(runtime: { id: string; getURL(path: string): string }, offscreen: OffscreenApi) {
  const url = runtime.getURL(STREAM_HOST_PATH);
  let creating: Promise<void> | null = null;
  const ensureDocument = async () => {
    if (await offscreen.hasDocument?.()) return;
    creating ??= offscreen
      .createDocument({
        url: STREAM_HOST_PATH.slice(1),
        reasons: ['WORKERS'],
        justification: 'Runs the Lightstreamer client for live prices; it needs a document (XMLHttpRequest).',
      })
      .catch((err: unknown) => {
        // Another start got there first: one offscreen document is all Chrome allows, and all we need.
        if (!/single offscreen|only a single/i.test(String((err as Error)?.message))) throw err;
      })
      .finally(() => {
        creating = null;
      });
    await creating;
  };
  return new StreamHostChannel({
    ensureDocument,
    isHost: (sender: ChannelPort['sender']) =>
      !!sender && sender.id === runtime.id && sender.url === url && !sender.tab,
  });
}
