// Workers for lib/vault's worker tests: each runs the worker's own code (`serve`, given its scope) behind a
// message channel that passes messages asynchronously, as a real one does, and stops answering once ended.
import type { ScopeOf, WorkerOf } from '../../lib/vault/worker-channel';

export function fakeWorkers<Job, Reply>(serve: (scope: ScopeOf<Job, Reply>) => void) {
  const made: { terminated: boolean; worker: WorkerOf<Job, Reply> }[] = [];
  const spawn = (): WorkerOf<Job, Reply> => {
    const state = { terminated: false };
    const scope: ScopeOf<Job, Reply> = {
      onmessage: null,
      postMessage: (reply) => {
        if (!state.terminated) setTimeout(() => worker.onmessage?.({ data: reply }));
      },
    };
    serve(scope);
    const worker: WorkerOf<Job, Reply> = {
      onmessage: null,
      onerror: null,
      postMessage: (data) => setTimeout(() => scope.onmessage?.({ data })),
      terminate: () => {
        state.terminated = true;
      },
    };
    made.push({
      get terminated() {
        return state.terminated;
      },
      worker,
    });
    return worker;
  };
  return { spawn, made };
}
