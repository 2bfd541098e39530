// Request schemas the contract keeps in a group's file (lib/messages/requests/): each file holds exactly the
// messages the contract names it for, which are the messages of the handlers that answer them; the router
// loads a file with its group's first message, and one that cannot be loaded gives a clear error.
import { describe, expect, it, vi } from 'vitest';
import { dealingHandlers } from '../../lib/background/dealing';
import { credentialHandlers } from '../../lib/background/handlers/credentials';
import { requestSchema, requests } from '../../lib/messages/contract';
import { credentialRequests } from '../../lib/messages/requests/credentials';
import { dealingRequests } from '../../lib/messages/requests/dealing';

const namedFor = (group: string) =>
  Object.entries(requests)
    .filter(([, entry]) => entry === group)
    .map(([name]) => name)
    .sort();

describe('request schemas in a group’s file', () => {
  it('are exactly the messages the contract names the file for, those of the handlers that answer them', () => {
    expect(Object.keys(credentialRequests).sort()).toEqual(namedFor('credentials'));
    expect(Object.keys(dealingRequests).sort()).toEqual(namedFor('dealing'));
    expect(namedFor('credentials')).toEqual(Object.keys(credentialHandlers).sort());
    expect(namedFor('dealing')).toEqual(Object.keys(dealingHandlers).sort());
  });

  it('are the schema the router checks with', async () => {
    await expect(requestSchema('deal.open')).resolves.toBe(dealingRequests['deal.open']);
    await expect(requestSchema('vault.unlock')).resolves.toBe(credentialRequests['vault.unlock']);
    await expect(requestSchema('status.get')).resolves.toBe(requests['status.get']);
  });

  it('say in plain words when the file cannot be loaded, and load it when next asked', async () => {
    vi.resetModules();
    vi.doMock('../../lib/messages/requests/dealing', () => {
      throw new Error("Failed to execute 'importScripts'");
    });
    const fresh = await import('../../lib/messages/contract');
    await expect(fresh.requestSchema('deal.open')).rejects.toThrow("Marketside's dealing checks could not be loaded (");
    vi.doUnmock('../../lib/messages/requests/dealing');
    // The schema is built on its first use (lib/lazy-schema.ts): its getter gives the object schema.
    const schema = (await fresh.requestSchema('deal.open')) as unknown as { getter(x: unknown): { entries: object } };
    expect(Object.keys(schema.getter(undefined).entries)).toEqual(['ticket', 'quoteReference']);
    vi.resetModules();
  });
});
