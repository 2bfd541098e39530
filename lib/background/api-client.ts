// The typed IG client as the background holds it. lib/api is being written alongside; until its barrel
// exports the client type this is an opaque record, and handlers reach the client only through it.
export type ApiClient = Record<string, unknown>;
