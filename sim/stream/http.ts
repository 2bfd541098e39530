import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, readBody } from '../gateway';
import { parseHttpBody } from './encode';
import { conok, type OpenEnv, openSession, protocolError } from './protocol';
import type { StreamSession } from './session';

/** What the HTTP transport needs of the stream server (./server.ts, which serves it). */
export interface StreamHttpHub {
  logRequest(method: string, name: string, p: Map<string, string>, url?: URL): void;
  openEnv(): OpenEnv;
  add(s: StreamSession): void;
  session(id: string): StreamSession | undefined;
  runControl(s: StreamSession, p: Map<string, string>, viaSocket: boolean): string[];
}

export const STREAM_PATH = '/lightstreamer';

export const clientIp = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

/** Serves `/lightstreamer/{create_session,bind_session,control,heartbeat,msg}.txt`: how 8.x clients create a session. */
export async function handleStreamHttp(
  hub: StreamHttpHub,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const origin = req.headers.origin;
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    ...(origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' } : {}),
    'Cache-Control': 'no-store',
  };
  if (req.method === 'OPTIONS') {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const reply = (status: number, lines: string[]) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=UTF-8' });
    res.end(lines.map((l) => `${l}\r\n`).join(''));
  };
  const body = (await readBody(req)).toString('utf8');
  const requests = parseHttpBody(body);
  const name = url.pathname.slice(STREAM_PATH.length + 1).replace(/\.txt$/, '');
  for (const p of requests.length ? requests : [new Map<string, string>()]) hub.logRequest('POST', name, p, url);
  if (req.method !== 'POST' && req.method !== 'GET') return reply(405, []);
  const first = requests[0] ?? new Map<string, string>();
  switch (name) {
    case 'create_session': {
      const refused = protocolError(url.searchParams.get('LS_protocol') ?? undefined);
      if (refused) return reply(200, [refused]);
      const s = openSession(hub.openEnv(), first);
      if (typeof s === 'string') return reply(200, [s]);
      hub.add(s);
      return reply(200, [...conok(s, clientIp(req)), 'LOOP,0']);
    }
    case 'bind_session':
      return reply(200, ['CONERR,20,Session not found']);
    case 'control': {
      const s = hub.session(url.searchParams.get('LS_session') ?? first.get('LS_session') ?? '');
      if (!s)
        return reply(
          200,
          requests.map((p) => `REQERR,${p.get('LS_reqId') ?? ''},20,Session not found`),
        );
      const out: string[] = [];
      for (const p of requests) out.push(...hub.runControl(s, p, false));
      return reply(200, out);
    }
    case 'heartbeat':
    case 'msg':
      return reply(200, ['REQOK']);
    default:
      return reply(404, []);
  }
}
