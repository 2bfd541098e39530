// @vitest-environment happy-dom
// A page finds a service worker left from an earlier build (Chromium keeps it when an unpacked extension's files
// change under a restart) and says what to do; a worker of its own build, or one that does not answer, shows
// nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { watchWorkerBuild } from '../../components/StaleWorkerNotice';
import type { Reply } from '../../lib/messages/contract';
import { BUILD_VERSION } from '../../lib/release/build';
import { checkWorkerBuild } from '../../lib/release/stale-worker';
import packageJson from '../../package.json';
import { ask, makeBackground, newStores } from '../background/sim-setup';

/** What 0.1.0's worker answered to `build.get` (read in Chromium from release/previous/'s build). */
const PREVIOUS_RELEASE_REPLY: Reply<{ version: string }> = {
  ok: false,
  error: { kind: 'bad-request', message: 'Unknown message' },
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the worker build', () => {
  it("is package.json's version, and the worker answers build.get with it", async () => {
    expect(BUILD_VERSION).toBe(packageJson.version);
    const bg = makeBackground(newStores());
    const reply = await ask<{ version: string }>(bg, 'build.get');
    expect(reply).toEqual({ ok: true, data: { version: packageJson.version, instance: expect.any(String) } });
    expect(checkWorkerBuild(reply, BUILD_VERSION)).toEqual({ kind: 'current' });
  });

  it('is stale when the worker is another build or older than the question', async () => {
    expect(checkWorkerBuild({ ok: true, data: { version: '0.1.0' } }, '0.2.0')).toEqual({
      kind: 'stale',
      worker: '0.1.0',
    });
    expect(checkWorkerBuild(PREVIOUS_RELEASE_REPLY, '0.2.0')).toEqual({ kind: 'stale', worker: null });
    // Any build's router answers a message it does not know as 0.1.0's did.
    const bg = makeBackground(newStores());
    const unknown = await ask<{ version: string }>(bg, 'build.getNextYear');
    expect(checkWorkerBuild(unknown, BUILD_VERSION)).toEqual({ kind: 'stale', worker: null });
  });

  it('says nothing when the worker did not answer or answered oddly', () => {
    const away = { ok: false, error: { kind: 'internal', message: 'Marketside did not answer' } } as const;
    expect(checkWorkerBuild(away, '0.2.0')).toEqual({ kind: 'unknown' });
    expect(checkWorkerBuild({ ok: true, data: {} as { version: string } }, '0.2.0')).toEqual({ kind: 'unknown' });
  });
});

describe('the page', () => {
  it('shows what to do above the page when its worker is an earlier build', async () => {
    const check = await watchWorkerBuild(async () => ({ ok: true, data: { version: '0.1.0' } }));
    expect(check).toEqual({ kind: 'stale', worker: '0.1.0' });
    const notice = document.querySelector('[role="alert"]');
    expect(notice?.textContent).toBe(
      `Marketside was updated to ${BUILD_VERSION}, but its background still runs version 0.1.0: prices, alerts and settings may not work as they should. Open chrome://extensions and press “Reload” on Marketside.`,
    );
    expect(document.body.firstElementChild?.contains(notice ?? null)).toBe(true);
  });

  it("names no version for a worker older than the question (the previous release's)", async () => {
    await watchWorkerBuild(async () => PREVIOUS_RELEASE_REPLY);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('still runs an earlier version');
  });

  it("shows nothing when the worker is this build's or does not answer", async () => {
    await watchWorkerBuild(async () => ({ ok: true, data: { version: BUILD_VERSION } }));
    await watchWorkerBuild(async () => ({
      ok: false,
      error: { kind: 'internal', message: 'Marketside did not answer' },
    }));
    expect(document.body.innerHTML).toBe('');
  });
});

describe('the notice, read with a catalogue from before its words', () => {
  it('names the versions and where the extension is reloaded', async () => {
    const { i18n } = await import('#i18n');
    const t = i18n.t;
    (i18n as { t: unknown }).t = () => '';
    try {
      await watchWorkerBuild(async () => ({ ok: true, data: { version: '0.1.0' } }));
    } finally {
      (i18n as { t: unknown }).t = t;
    }
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      `Marketside ${BUILD_VERSION} ≠ 0.1.0 ⟳ chrome://extensions`,
    );
  });
});
