// Chrome's offscreen document: runs the Lightstreamer client (8.x needs a document) for the background.
// It opens one Port to the background and obeys only that Port; when the background goes away it
// closes, and the next background starts a new one.
import { LightstreamerClient, Subscription } from 'lightstreamer-client-web/lightstreamer-core.esm.js';
import { browser } from 'wxt/browser';
import { serveStreamHost } from '../../lib/stream/document-host';
import { STREAM_HOST_PORT } from '../../lib/stream/host-protocol';
import { lightstreamerLink } from '../../lib/stream/lightstreamer-link';

const port = browser.runtime.connect({ name: STREAM_HOST_PORT });
serveStreamHost(port, () => lightstreamerLink({ LightstreamerClient, Subscription }));
port.onDisconnect.addListener(() => close());
