// The timers a part is given, so that tests can run them by hand, and the browser's own.

export interface Timeouts {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const browserTimeouts: Timeouts = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
