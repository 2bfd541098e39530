// The document's side of the stream: runs one Lightstreamer link per link id the background asks for,
// and reports what they do. It takes commands only from the Port it opened to the background, so no
// page, content script or web page can drive it; it keeps no token after handing it to the client.
import * as v from 'valibot';
import { type HostCommand, type HostEvent, hostCommandSchema } from './host-protocol';
import type { StreamLink } from './link';

export interface HostPort {
  postMessage(message: HostEvent): void;
  onMessage: { addListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
}

export function serveStreamHost(port: HostPort, createLink: () => StreamLink): { links(): number } {
  const links = new Map<number, StreamLink>();
  const send = (event: HostEvent) => {
    try {
      port.postMessage(event);
    } catch {
      // The background went away; it reconnects and starts again.
    }
  };

  function open(id: number): StreamLink {
    const link = createLink();
    link.onUpdate((u) => send({ ev: 'update', link: id, ...u }));
    link.onStatus((status) => send({ ev: 'status', link: id, status }));
    link.onServerError((code, message) => send({ ev: 'server-error', link: id, code, message }));
    link.onSubscriptionError?.((subId, code, message) => send({ ev: 'sub-error', link: id, subId, code, message }));
    links.set(id, link);
    return link;
  }

  function run(cmd: HostCommand) {
    const link = links.get(cmd.link);
    switch (cmd.op) {
      case 'connect':
        if (!link) open(cmd.link).connect(cmd.endpoint, cmd.user, cmd.password);
        return;
      case 'disconnect':
        links.delete(cmd.link);
        link?.disconnect();
        return;
      case 'subscribe':
        link?.subscribe(cmd.sub);
        return;
      case 'unsubscribe':
        link?.unsubscribe(cmd.id);
        return;
    }
  }

  port.onMessage.addListener((message) => {
    const parsed = v.safeParse(hostCommandSchema, message);
    if (parsed.success) run(parsed.output);
  });
  port.onDisconnect.addListener(() => {
    for (const link of links.values()) link.disconnect();
    links.clear();
  });
  return { links: () => links.size };
}
