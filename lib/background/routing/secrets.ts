// The credentials, tokens and vault key the background holds right now, so the router can prove no reply
// carries one.
import type { registry } from '../../settings/registry';
import { secretsInUse } from '../session/remembered';

const TOKEN_FIELDS = ['cst', 'securityToken', 'accessToken', 'refreshToken'];

export async function heldSecrets(r: typeof registry): Promise<string[]> {
  const [conn, session, tokens, key, remembered] = await Promise.all([
    r.connection.getValue(),
    r.sessionSecrets.getValue(),
    r.sessionTokens.getValue(),
    r.vaultKey.getValue(),
    secretsInUse(),
  ]);
  const out = [
    conn.apiKey,
    conn.password,
    session.apiKey,
    session.password,
    key,
    remembered.apiKey,
    remembered.password,
  ];
  for (const field of TOKEN_FIELDS) {
    const value = tokens?.[field];
    if (typeof value === 'string') out.push(value);
  }
  return out.filter((s): s is string => typeof s === 'string' && s.length >= 4);
}
