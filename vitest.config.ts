import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'sim/**/*.test.ts', 'lib/**/*.test.{ts,tsx}', 'components/**/*.test.tsx'],
    exclude: ['e2e/**', 'node_modules/**', '.output/**'],
    setupFiles: [
      'fake-indexeddb/auto',
      'tests/setup/wait-bounds.ts',
      'tests/setup/host-grants.ts',
      'tests/setup/i18n-messages.ts',
    ],
    mockReset: true,
    restoreMocks: true,
    testTimeout: 20000,
    // Vitest's default on a 2-core machine is one worker; most files wait on the simulator's sockets and
    // timers, so two overlap well (the whole suite took about half the time with two).
    maxWorkers: 2,
  },
});
