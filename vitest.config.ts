import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// WXT's stand-in for `wxt/browser` takes the fake browser from `wxt/testing`, whose index also exports WXT's
// Vitest plugin: every test file that imported `wxt/browser` loaded WXT's whole build tool (Vite's plugins,
// magicast, linkedom, unimport), about half of its import time. It gets the fake browser alone instead.
const fakeBrowserOnly: Plugin = {
  name: 'marketside:fake-browser-only',
  enforce: 'pre',
  resolveId(id, importer) {
    if (id === 'wxt/testing' && importer?.endsWith('/wxt/dist/virtual/mock-browser.mjs'))
      return resolve(importer, '../../testing/fake-browser.mjs');
  },
};

// Test files of plain logic that leave no state behind (no fake browser, IndexedDB, DOM, module mocks or
// pinned globals): they share their workers' loaded modules instead of loading them again for each file,
// which took about 3x their CPU time (80 files: 97 s of CPU isolated, 33 s shared; `npx vitest run
// --project shared` twice, once with --sequence.shuffle, must stay green). A file that touches the fake
// browser, IndexedDB, the DOM, vi.mock or a global belongs in neither list below: it stays isolated.
const SHARED = [
  'tests/alerts/{evaluate,list-rules,list}.test.ts',
  'tests/api/{ambiguity,batching,client-sim,endpoints,fixtures,guard,login,login-v3-answered-v2,parsing,redaction,rsa-pkcs1,transport,validation,wire,workflow}.test.ts',
  'tests/architecture/**/*.test.{ts,tsx}',
  'tests/background/{account-funds,badge,live-hub,market-watch,outage,router}.test.ts',
  'tests/cache/{history-merge,writer}.test.ts',
  'tests/bench/**/*.test.{ts,tsx}',
  'tests/csv/**/*.test.{ts,tsx}',
  'tests/dealing/{reasons,ticket}.test.ts',
  'tests/e2e-harness/**/*.test.{ts,tsx}',
  'tests/engine/cadence.test.ts',
  'tests/history/{background,client,link,public-clients,values}.test.ts',
  'tests/hostile/secret-scan.test.ts',
  'tests/i18n/{catalogue,column-words,lib-words,literals,span-age}.test.ts',
  'tests/messages/lazy-entries.test.ts',
  'tests/options/check.test.ts',
  'tests/permit/**/*.test.{ts,tsx}',
  'tests/popup/{keyboard,small}.test.ts',
  'tests/release/{documents,icons,store-listing}.test.ts',
  'tests/scripts/**/*.test.{ts,tsx}',
  'tests/sidepanel/{account-pnl,account-summary,changed-reads,history-account,history-range,live,number-columns,rows,trend-positions}.test.ts',
  'tests/sim/{control-secrets,costs-applications,maintenance,markets,sentiment-watchlists,session,stream-connect,stream-encode,stream-faults,stream-protocol,stream-sends,stream-trade,stream-values}.test.ts',
  'tests/stream/{account-live,account-merge,chart-bars,chart-plan,host,keep-awake,live-stream-charts,plan,price-merge,stream-script,supervisor,trade-merge}.test.ts',
  'tests/vault/{argon2-worker,crypto,estimate-worker,strength}.test.ts',
  'tests/watchlists/**/*.test.{ts,tsx}',
];
const EXCLUDE = ['e2e/**/*.test.{ts,tsx}', 'node_modules/**', '.output/**'];

// What every test file gets (the projects below do not inherit the root's test options: Vitest would join
// their file lists). Each file's worker is a thread, which costs less to start than a process (the whole suite
// alone on this 2-core machine: 370 vs 397 CPU s by the machine's busy time).
const common = {
  pool: 'threads' as const,
  setupFiles: [
    'fake-indexeddb/auto',
    'tests/setup/wait-bounds.ts',
    'tests/setup/host-grants.ts',
    'tests/setup/i18n-messages.ts',
    'tests/setup/passphrase-estimator.ts',
  ],
  mockReset: true,
  restoreMocks: true,
  testTimeout: 20000,
  // A hook that starts the simulator and logs in does a test's work: the same bound for a hang (Vitest's
  // default of 10 s broke under CI's load: tests/sim/prices.test.ts, tests/history/public-clients.test.ts).
  hookTimeout: 20000,
};

// The longest files (a minute or more of CI's Vitest lane each: two Firefox builds, 4,000 token expiries, the
// hostile payloads), started first. Without timings from an earlier run (CI's fresh clone) Vitest starts files
// in the order it found them, and a long one found late ran on one core while the other sat idle at the end.
const LONGEST_FIRST = [
  'tests/release/sources-rebuild.test.ts',
  'tests/faults/tokens.test.ts',
  'tests/hostile/router-inputs.test.ts',
  'tests/background/sim-integration.test.ts',
  'tests/vault/migration.test.ts',
  'tests/faults/ambiguous.test.ts',
  'tests/faults/worker-stop.test.ts',
  'tests/background/weekend.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // Vitest's default on a 2-core machine is one worker; most files wait on the simulator's sockets and
    // timers, so two overlap well (the whole suite took about half the time with two).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [WxtVitest(), fakeBrowserOnly],
        test: { ...common, name: 'shared', include: SHARED, isolate: false },
      },
      {
        plugins: [WxtVitest(), fakeBrowserOnly],
        test: {
          ...common,
          name: 'isolated',
          include: [
            'tests/**/*.test.{ts,tsx}',
            'sim/**/*.test.ts',
            'lib/**/*.test.{ts,tsx}',
            'components/**/*.test.tsx',
          ],
          exclude: [...EXCLUDE, ...SHARED],
        },
      },
    ],
  },
});
