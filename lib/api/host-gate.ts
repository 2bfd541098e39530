// Where credentials and tokens may go: IG's own hosts, or a host the user granted in the browser. The
// transport asks before every request and the stream's login before it hands over its tokens, so a
// base URL or a streaming endpoint from anywhere else (an imported file, a reply) sends nothing.
import { i18n } from '#i18n';
import { ValidationError } from './errors';

/** Resolves when a request may carry secrets to `url`; throws HostNotGrantedError otherwise. */
export type HostGate = (url: string) => Promise<void>;

/** Asks the browser whether the user granted a host pattern (`browser.permissions.contains`). */
export type GrantCheck = (pattern: string) => Promise<boolean>;

const IG_REST_HOSTS = new Set(['api.ig.com', 'demo-api.ig.com']);
const IG_STREAM_DOMAIN = 'marketdatasystems.com';

export class HostNotGrantedError extends ValidationError {
  /** The host (and port) that was refused: not a secret, the user needs it to decide. */
  readonly host: string;
  constructor(host: string) {
    super('baseUrl', i18n.t('reviewWords.hostNotGranted', { host }));
    this.name = 'HostNotGrantedError';
    this.host = host;
  }
}

/** IG's REST gateways and its streaming hosts, over https (the manifest's own host permissions). */
export function isIgHost(url: URL): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'wss:') return false;
  const host = url.hostname.toLowerCase();
  return IG_REST_HOSTS.has(host) || host === IG_STREAM_DOMAIN || host.endsWith(`.${IG_STREAM_DOMAIN}`);
}

/** The pattern the browser grants for a URL's host (every port), as the settings page asks for it. */
export function grantPatternOf(url: URL): string | null {
  const scheme =
    url.protocol === 'https:' || url.protocol === 'wss:' ? 'https' : url.protocol === 'http:' ? 'http' : '';
  if (!scheme || !url.hostname) return null;
  return `${scheme}://${url.hostname.toLowerCase()}/*`;
}

/** A gate that lets IG's hosts through and asks `granted` about any other. */
export function hostGate(granted: GrantCheck): HostGate {
  return async (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new HostNotGrantedError(raw.slice(0, 100));
    }
    if (isIgHost(url)) return;
    const pattern = grantPatternOf(url);
    if (pattern && (await granted(pattern).catch(() => false))) return;
    throw new HostNotGrantedError(url.host);
  };
}
