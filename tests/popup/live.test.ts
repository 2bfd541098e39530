// @vitest-environment happy-dom
// The popup's live Port when the background goes away under it (Firefox suspending its event page):
// posting on the dead Port before its onDisconnect arrives throws in the browser; the popup must not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

class DyingPort {
  posted: unknown[] = [];
  dead = false;
  private onGone: (() => void)[] = [];
  postMessage(message: unknown) {
    if (this.dead) throw new Error('Attempt to postMessage on disconnected port');
    this.posted.push(message);
  }
  onMessage = { addListener: () => undefined };
  onDisconnect = { addListener: (cb: () => void) => this.onGone.push(cb) };
  disconnect() {
    this.dead = true;
  }
  gone() {
    for (const cb of this.onGone) cb();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

describe("the popup's live Port", () => {
  it('does not throw when it is told what to watch on a Port the background dropped, and tells the next Port', async () => {
    vi.useFakeTimers();
    const ports: DyingPort[] = [];
    const connect = () => {
      const port = new DyingPort();
      ports.push(port);
      return port;
    };
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(
      connect as unknown as typeof fakeBrowser.runtime.connect,
    );
    const { connectLive } = await import('../../lib/popup/live');
    const live = connectLive(() => undefined);
    ports[0]!.dead = true;
    const watched = { epics: ['IX.D.FTSE.DAILY.IP'], marketIds: ['FT100'], visible: true };
    expect(() => live.watch(watched)).not.toThrow();
    expect(() => document.dispatchEvent(new Event('visibilitychange'))).not.toThrow();

    ports[0]!.gone();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ports).toHaveLength(2);
    expect(ports[1]!.posted).toEqual([{ kind: 'watch', ...watched }]);
    live.close();
  });

  it('does not throw when the browser refuses a new Port (a closing page), and connects on a later try', async () => {
    vi.useFakeTimers();
    const ports: DyingPort[] = [];
    let refuse = 0;
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation((() => {
      if (refuse > 0) {
        refuse--;
        throw new Error('NS_ERROR_NOT_INITIALIZED');
      }
      const port = new DyingPort();
      ports.push(port);
      return port;
    }) as unknown as typeof fakeBrowser.runtime.connect);
    const { connectLive } = await import('../../lib/popup/live');
    const live = connectLive(() => undefined);
    const watched = { epics: ['CS.D.EURUSD.TODAY.IP'], marketIds: ['EURUSD'], visible: true };
    live.watch(watched);
    refuse = 1;
    ports[0]!.dead = true;
    ports[0]!.gone();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ports).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ports).toHaveLength(2);
    expect(ports[1]!.posted).toEqual([{ kind: 'watch', ...watched }]);
    live.close();
  });
});
