// What the streaming service needs to open a session: IG's `lightstreamerEndpoint`, the active account
// as the user and `CST-…|XST-…` as the password. OAuth (v3) sessions fetch CST and X-SECURITY-TOKEN first
// with GET /session?fetchSessionTokens=true, since the stream refuses OAuth tokens.
import { coreOf, send } from './core';
import { malformed } from './parse';

export interface StreamLogin {
  endpoint: string;
  accountId: string;
  password: string;
}

/** The stream's login, or null when the session names no streaming endpoint. `relogin` logs in over REST first. */
export async function streamLogin(client: object, relogin = false): Promise<StreamLogin | null> {
  const core = coreOf(client);
  if (relogin) await core.session.login();
  const tokens = await core.session.ensure();
  const endpoint = tokens.info.lightstreamerEndpoint;
  if (!endpoint) return null;
  // The endpoint comes from the service's reply: the tokens go there only if it is IG's or granted.
  await core.transport.options.hostGate?.(endpoint);
  const accountId = tokens.info.accountId;
  if (tokens.version === 2) return { endpoint, accountId, password: `CST-${tokens.cst}|XST-${tokens.securityToken}` };
  const label = 'session.get';
  const reply = await send(core, label, { query: { fetchSessionTokens: 'true' } });
  const cst = reply.headers.get('cst');
  const xst = reply.headers.get('x-security-token');
  if (!cst || !xst)
    throw malformed({ label, status: reply.status, requestId: reply.requestId }, 'the session tokens are missing');
  core.redactor.add(cst, xst);
  return { endpoint, accountId, password: `CST-${cst}|XST-${xst}` };
}
