import { describe, expect, it } from 'vitest';
import { accountHandlers } from '../../lib/background/account/account-part';
import { alertHandlers } from '../../lib/background/alerts';
import { alertRuleHandlers } from '../../lib/background/alerts/handlers';
import { watchlistFileHandlers } from '../../lib/background/alerts/watchlist-io';
import { DEALING_MESSAGES, dealingHandlers } from '../../lib/background/dealing';
import { handlers as dealingPart } from '../../lib/background/dealing/part';
import { CREDENTIAL_MESSAGES, connectionHandlers } from '../../lib/background/handlers/connection';
import { credentialHandlers } from '../../lib/background/handlers/credentials';
import type { HandlerContext } from '../../lib/background/handlers/table';
import { ACCOUNT_MESSAGES } from '../../lib/background/lazy-account';
import { LazyLiveStream } from '../../lib/background/lazy-live-stream';
import { lazyHandlers, lazyPart } from '../../lib/background/lazy-part';
import { toErrorView } from '../../lib/background/routing/error-view';
import type { LiveStream, LiveStreamDeps } from '../../lib/background/stream/live-stream';

const names = (table: object) => Object.keys(table).sort();

describe('parts loaded when first needed', () => {
  it('answer the same messages as the parts they stand for', () => {
    expect(names(dealingHandlers)).toEqual(names(dealingPart));
    expect([...DEALING_MESSAGES].sort()).toEqual(names(dealingPart));
    expect(names(alertHandlers)).toEqual(names({ ...alertRuleHandlers, ...watchlistFileHandlers }));
    expect([...CREDENTIAL_MESSAGES].sort()).toEqual(names(credentialHandlers));
    expect(names(connectionHandlers)).toEqual([...CREDENTIAL_MESSAGES, 'connection.get', 'status.get'].sort());
    expect([...ACCOUNT_MESSAGES].sort()).toEqual(names(accountHandlers));
  });

  it('load once, and say in plain words when a part cannot be loaded, trying again next time', async () => {
    let loads = 0;
    const part = lazyPart('dealing', async () => {
      loads++;
      if (loads === 1) throw new Error("Failed to execute 'importScripts'");
      return { ready: true };
    });
    const failed = await part().catch((err: unknown) => err);
    expect(toErrorView(failed)).toEqual({
      kind: 'internal',
      message: "Marketside's dealing could not be loaded (Failed to execute 'importScripts'); reload the extension",
    });
    await expect(part()).resolves.toEqual({ ready: true });
    await part();
    expect(loads).toBe(2);
  });

  it('hand a message to the loaded part’s handler with its request and context', async () => {
    const seen: unknown[] = [];
    const table = lazyHandlers(['lock.get'], async () => ({
      'lock.get': async (request: unknown, ctx: HandlerContext) => {
        seen.push(request, ctx);
        return null;
      },
    }));
    const ctx = {} as HandlerContext;
    await expect((table['lock.get'] as (r: unknown, c: HandlerContext) => Promise<unknown>)({}, ctx)).resolves.toBe(
      null,
    );
    expect(seen).toEqual([{}, ctx]);
    const empty = lazyHandlers(['lock.get'], async () => ({}));
    await expect((empty['lock.get'] as (r: unknown, c: HandlerContext) => Promise<unknown>)({}, ctx)).rejects.toThrow(
      'No part of the background answers lock.get',
    );
  });
});

class FakeStream {
  static made = 0;
  calls: string[] = [];
  constructor(readonly deps: LiveStreamDeps) {
    FakeStream.made++;
  }
  get state() {
    return { mode: 'live' as const, reason: null };
  }
  streamed() {
    return new Set(['A']);
  }
  async update(pagesOpen?: boolean) {
    this.calls.push(`update ${pagesOpen}`);
  }
  stop() {
    this.calls.push('stop');
  }
  cacheChanged(epics: string[]) {
    this.calls.push(`changed ${epics}`);
  }
}

function lazyStream() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((done) => {
    release = done;
  });
  let loads = 0;
  const stream = new LazyLiveStream({} as LiveStreamDeps, async () => {
    loads++;
    await gate;
    return { LiveStream: FakeStream as unknown as typeof LiveStream };
  });
  const real = () => (stream as unknown as { real: FakeStream | null }).real;
  return { stream, release, real, loads: () => loads };
}

describe('the live stream, loaded with its first update', () => {
  it('is off and carries nothing until it has loaded, then hands everything on', async () => {
    const { stream, release, real, loads } = lazyStream();
    expect(stream.state).toEqual({ mode: 'off', reason: null });
    expect(stream.streamed().size).toBe(0);
    stream.cacheChanged(['A']);
    const first = stream.update(true);
    const second = stream.update();
    release();
    await Promise.all([first, second]);
    expect(loads()).toBe(1);
    expect(real()?.calls).toEqual(['update true', 'update undefined']);
    expect(stream.state.mode).toBe('live');
    expect([...stream.streamed()]).toEqual(['A']);
    stream.cacheChanged(['B']);
    stream.stop();
    expect(real()?.calls.slice(2)).toEqual(['changed B', 'stop']);
  });

  it('does not start streaming when it was stopped while it loaded', async () => {
    const { stream, release, real } = lazyStream();
    const pending = stream.update(true);
    stream.stop();
    release();
    await pending;
    expect(real()).toBeNull();
    await stream.update(true);
    expect(real()?.calls).toEqual(['update true']);
  });
});
