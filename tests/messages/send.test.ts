// A page's send to the background when the background is away (Firefox suspending its event page,
// Chromium stopping its worker): it is sent again once the background can take it, or it settles with an
// error reply the page shows; it never rejects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { send, watchBackground } from '../../lib/messages/contract';
import { settledSend } from '../../lib/messages/settled-send';
import type { Reply } from '../../lib/messages/views';

const NOT_DELIVERED = 'Could not establish connection. Receiving end does not exist.';

/** The browser's callback `runtime.sendMessage`, as the messaging library calls it. */
function fakeRuntime(outcomes: (string | object)[]) {
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    sent: [] as unknown[],
    sendMessage(message: unknown, callback: (response: unknown) => void) {
      runtime.sent.push(message);
      const outcome = outcomes.shift() ?? NOT_DELIVERED;
      queueMicrotask(() => {
        runtime.lastError = typeof outcome === 'string' ? { message: outcome } : undefined;
        callback(typeof outcome === 'string' ? undefined : { res: outcome });
        runtime.lastError = undefined;
      });
    },
  };
  vi.stubGlobal('chrome', { runtime });
  return runtime;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a page's send while the background is away", () => {
  it('sends a message the suspending background refused again, and resolves with its reply', async () => {
    vi.useFakeTimers();
    const runtime = fakeRuntime([NOT_DELIVERED, { ok: true, data: null }]);
    const reply = send('recent.add', { epic: 'CS.D.EURUSD.CFD.IP' });
    await vi.runAllTimersAsync();
    await expect(reply).resolves.toEqual({ ok: true, data: null });
    expect(runtime.sent).toHaveLength(2);
    expect(runtime.sent.map((m) => (m as { type: string }).type)).toEqual(['recent.add', 'recent.add']);
  });

  it('settles with an error reply the page can show when the background never takes it', async () => {
    vi.useFakeTimers();
    const runtime = fakeRuntime([]);
    const reply = send('status.get', {});
    await vi.runAllTimersAsync();
    await expect(reply).resolves.toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: `Marketside did not answer: ${NOT_DELIVERED}`,
      },
    });
    expect(runtime.sent).toHaveLength(4);
  });

  it('does not send again a message the background may have acted on (it went away before answering)', async () => {
    const runtime = fakeRuntime(['The message port closed before a response was received.']);
    const reply = await send('positions.close', { dealId: 'DIAAAABBBCCC123', quoteReference: 'REF1' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(reply.ok || reply.error.message).toContain('The message port closed before a response was received.');
    expect(runtime.sent).toHaveLength(1);
  });
});

/** A background that holds the reply to one request until `answer`, and answers pings as run `instance`. */
function slowBackground() {
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    instance: 'run-1',
    types: [] as string[],
    held: null as ((response: unknown) => void) | null,
    sendMessage(message: { type: string; data?: unknown }, callback: (response: unknown) => void) {
      runtime.types.push(message.type);
      if (message.type !== 'build.get') runtime.held = callback;
      else queueMicrotask(() => callback({ res: { ok: true, data: { version: '1', instance: runtime.instance } } }));
    },
    answer(reply: object) {
      runtime.held?.({ res: reply });
    },
  };
  vi.stubGlobal('chrome', { runtime });
  return runtime;
}

/** The send Firefox's pages make (send() watches only there): the request, watched by build.get pings. */
function firefoxSend(type: string, data: object = {}) {
  const runtime = (globalThis as unknown as { chrome: { runtime: ReturnType<typeof slowBackground> } }).chrome.runtime;
  return settledSend(
    () =>
      new Promise((resolve) =>
        runtime.sendMessage({ type, data }, (r) => resolve((r as { res: Reply<unknown> }).res)),
      ) as Promise<Reply<unknown>>,
    3,
    watchBackground,
  );
}

describe('a reply the background takes long over, in Firefox', () => {
  it('keeps the background awake with a ping a second until the reply comes, then stops', async () => {
    vi.useFakeTimers();
    const runtime = slowBackground();
    const reply = firefoxSend('connection.check');
    await vi.advanceTimersByTimeAsync(999);
    expect(runtime.types).toEqual(['connection.check']);
    await vi.advanceTimersByTimeAsync(5_001);
    expect(runtime.types).toEqual(['connection.check', ...Array(6).fill('build.get')]);
    runtime.answer({ ok: true, data: 'checked' });
    await expect(reply).resolves.toEqual({ ok: true, data: 'checked' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runtime.types).toHaveLength(7);
  });

  it('settles as not answered when a background started since answers the ping (the request died with the one before)', async () => {
    vi.useFakeTimers();
    const runtime = slowBackground();
    const reply = firefoxSend('connection.save');
    await vi.advanceTimersByTimeAsync(2_000);
    runtime.instance = 'run-2';
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(reply).resolves.toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Marketside did not answer' },
    });
    // Not sent again: the background before may have acted on it.
    expect(runtime.types.filter((t) => t === 'connection.save')).toHaveLength(1);
    runtime.answer({ ok: true, data: 'too late' });
  });

  it('is not watched in Chromium, whose worker stays up while a reply is due', async () => {
    vi.useFakeTimers();
    const runtime = slowBackground();
    const reply = send('connection.check', {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runtime.types).toEqual(['connection.check']);
    runtime.answer({ ok: true, data: 'checked' });
    await expect(reply).resolves.toEqual({ ok: true, data: 'checked' });
  });
});

describe('settledSend', () => {
  it('waits before each new attempt and passes the first reply through', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const reply = settledSend(async () => {
      calls++;
      if (calls < 3) throw new Error(NOT_DELIVERED);
      return { ok: true as const, data: calls };
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(reply).resolves.toEqual({ ok: true, data: 3 });
  });

  it('turns a rejection that is not an Error into an error reply too', async () => {
    const reply = await settledSend(() => Promise.reject('gone'), 0);
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Marketside did not answer' },
    });
  });
});
