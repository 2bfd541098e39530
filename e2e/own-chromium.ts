// A Chromium a journey starts itself (e2e/launch.ts's launchJourneyBrowser), for what the harness's one launch per
// test cannot do: a browser language (`--lang` and LANGUAGE, read by Debian's Chromium only with its
// `chromium-l10n` package installed) or a build swapped under a running browser. Errors of its pages and
// worker go into the test's diagnostics and everything it shows is recorded for the secret scan, as the
// harness does.
import type { TestInfo, Worker } from '@playwright/test';
import { startRecording } from './console-log';
import type { Diagnostics, SimHandle } from './harness';
import { closeWelcomePages, type Launched, type LaunchOptions, launchJourneyBrowser } from './launch';
import { noteBrowserCpu } from './process-cpu';

export interface OwnChromium extends Launched {
  close(): Promise<void>;
}

/** The language tag a store language's browser runs with (`de` → `de-DE`). */
export function browserLanguage(language: string): string {
  const region: Record<string, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' };
  return region[language] ?? language.replace('_', '-');
}

export async function launchOwnChromium(
  opts: LaunchOptions & { language?: string },
  diagnostics: Diagnostics,
  sim: SimHandle,
  testInfo: TestInfo,
): Promise<OwnChromium> {
  const { language, ...launch } = opts;
  const before = process.env.LANGUAGE;
  // Playwright hands the browser this process's environment as it launches.
  if (language) process.env.LANGUAGE = language;
  let started: Launched;
  try {
    // Welcome pages are closed once recording is set up (as the harness does: set-up walks every page).
    started = await launchJourneyBrowser({
      ...launch,
      keepWelcome: true,
      args: [...(launch.args ?? []), ...(language ? [`--lang=${browserLanguage(language)}`] : [])],
    });
  } finally {
    if (before === undefined) delete process.env.LANGUAGE;
    else process.env.LANGUAGE = before;
  }
  const { context } = started;
  const record = (where: string, text: string) => diagnostics.errors.push(`[${where}] ${text}`);
  const watchWorker = (worker: Worker) =>
    worker.on('console', (msg) => {
      if (msg.type() === 'error') record('service worker', msg.text());
    });
  watchWorker(started.serviceWorker);
  context.on('serviceworker', watchWorker);
  context.on('console', (msg) => {
    if (msg.type() === 'error' && msg.worker() === null) record(msg.page()?.url() ?? 'page', msg.text());
  });
  context.on('weberror', (err) => record(err.page()?.url() ?? 'page', String(err.error()?.stack ?? err.error())));
  const recording = await startRecording(context, testInfo, sim);
  if (!launch.keepWelcome) closeWelcomePages(context);
  let closed = false;
  return {
    ...started,
    close: async () => {
      if (closed) return;
      closed = true;
      noteBrowserCpu(testInfo.annotations, launch.userDataDir);
      await recording.flush().catch(() => {});
      await context.close();
    },
  };
}
