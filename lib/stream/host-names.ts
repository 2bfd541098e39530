// The names both ends of the stream document's Port agree on, apart from its messages (host-protocol.ts),
// for the background's code that runs before the stream does.
export const STREAM_HOST_PORT = 'marketside-stream-host';
/** The document's path inside the extension. */
export const STREAM_HOST_PATH = '/offscreen.html';
