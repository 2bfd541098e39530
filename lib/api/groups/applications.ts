import { type ClientCore, labelled, sendParsed } from '../core';
import type { MutationHooks } from '../mutation-gate';
import type { CallOptions, UpdateApplicationRequest } from '../requests';
import { ApplicationSchema, ApplicationsSchema } from '../schemas/applications';
import { fail, need, needInteger } from '../validate-trading';

export function applicationsReads(core: ClientCore) {
  return {
    /** Lists the applications and adopts the allowances of this client's API key into the rate budget. */
    list: labelled('applications.list', async (opts: CallOptions = {}) => {
      const apps = await sendParsed(core, 'applications.list', ApplicationsSchema, opts);
      const mine = apps.find((a) => a.apiKey === core.apiKey);
      if (mine) core.budget.applyApplication(mine);
      return apps;
    }),
  };
}

/** Reached only through createApplicationsAdmin (scope `applications`). */
export function applicationsMutations(core: ClientCore, hooks: MutationHooks) {
  return {
    update: labelled('applications.update', async (req: UpdateApplicationRequest, opts: CallOptions = {}) => {
      const label = 'applications.update';
      hooks.check(label);
      if (typeof req !== 'object' || req === null) fail('request', 'Invalid request: expected an object', label);
      need('apiKey', req.apiKey, label);
      need('applicationStatus', req.status, label, 'status');
      if (req.allowanceAccountOverall !== undefined) {
        needInteger(req.allowanceAccountOverall, label, 'allowanceAccountOverall', 1, 1_000_000);
      }
      if (req.allowanceAccountTrading !== undefined) {
        needInteger(req.allowanceAccountTrading, label, 'allowanceAccountTrading', 1, 1_000_000);
      }
      const beforeSend = await hooks.enter(label);
      return sendParsed(core, label, ApplicationSchema, { ...opts, beforeSend, body: req });
    }),
    /** Disables the current API key; it can be re-enabled only on IG's web platform. */
    disable: labelled('applications.disable', async (opts: CallOptions = {}) => {
      hooks.check('applications.disable');
      const beforeSend = await hooks.enter('applications.disable');
      return sendParsed(core, 'applications.disable', ApplicationSchema, { ...opts, beforeSend });
    }),
  };
}
