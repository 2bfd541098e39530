// Firefox: the stream runs in the background event page, which has a DOM. The background loads this
// script into its own page when streaming starts, so the Lightstreamer library stays out of background.js.
import { LightstreamerClient, Subscription } from 'lightstreamer-client-web/lightstreamer-core.esm.js';
import { STREAM_LINK_GLOBAL, type StreamLinkGlobal } from '../lib/background/stream/stream-script';
import { lightstreamerLink } from '../lib/stream/lightstreamer-link';

export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    (globalThis as StreamLinkGlobal)[STREAM_LINK_GLOBAL] = () =>
      lightstreamerLink({ LightstreamerClient, Subscription });
  },
});
