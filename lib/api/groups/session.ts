import { type ClientCore, labelled, send, sendParsed } from '../core';
import { check } from '../parse';
import type { CallOptions } from '../requests';
import { EncryptionKeySchema, SessionDetailsSchema, SwitchAccountSchema } from '../schemas/session';
import { need, needBoolean } from '../validate-trading';

/** Session operations: sent only when called explicitly, never by the transport on its own. */
export function sessionGroup(core: ClientCore) {
  return {
    get: labelled('session.get', (opts: CallOptions = {}) =>
      sendParsed(core, 'session.get', SessionDetailsSchema, opts),
    ),
    switchAccount: labelled(
      'session.switch_account',
      async (accountId: string, defaultAccount?: boolean, opts: CallOptions = {}) => {
        const label = 'session.switch_account';
        need('accountId', accountId, label);
        needBoolean(defaultAccount, label, 'defaultAccount');
        const reply = await send(core, label, { ...opts, body: { accountId, defaultAccount } });
        const body = check(SwitchAccountSchema, reply.body ?? {}, {
          label,
          status: reply.status,
          requestId: reply.requestId,
        });
        await core.session.adoptSwitch(accountId, reply.headers);
        return body;
      },
    ),
    /** Logs out and forgets the tokens, even when the service cannot be reached. */
    delete: labelled('session.delete', async (opts: CallOptions = {}) => {
      try {
        await send(core, 'session.delete', opts);
      } finally {
        await core.session.clear();
      }
    }),
    getEncryptionKey: labelled('session.get_encryption_key', (opts: CallOptions = {}) =>
      sendParsed(core, 'session.get_encryption_key', EncryptionKeySchema, { ...opts, auth: false }),
    ),
  };
}
