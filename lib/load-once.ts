/** Runs `load` once and keeps its promise; a load that failed runs again when next asked. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}

/** Code loaded when first needed (a part of Chrome's worker, a chunk of a page) that could not be loaded. */
export class PartLoadError extends Error {
  constructor(name: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`Marketside's ${name} could not be loaded (${why}); reload the extension`);
    this.name = 'PartLoadError';
  }
}

/** Loads a part once, saying in plain words which one when it cannot; a failed load is tried again when next asked. */
export function loadPart<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  const once = loadOnce(load);
  return () =>
    once().catch((err: unknown) => {
      throw new PartLoadError(name, err);
    });
}
