// A resource group whose code (its checks and reply schemas) loads with its first call, for groups only
// dealing needs: the client keeps its shape, each method with its spec label and answering with a promise.
import { loadPart } from '../load-once';
import { type ClientCore, labelled } from './core';

type Method = (...args: never[]) => Promise<unknown>;

export function lazyGroup<G extends Record<string, Method>>(
  core: ClientCore,
  load: () => Promise<(core: ClientCore) => G>,
  labels: { [K in keyof G]: string },
): G {
  const group = String(Object.values(labels)[0]).split('.')[0];
  const real = loadPart(`${group} requests`, async () => (await load())(core));
  const methods = Object.entries(labels).map(([name, label]) => [
    name,
    labelled(label as string, async (...args: unknown[]) => {
      const method = (await real())[name] as unknown as (...a: unknown[]) => Promise<unknown>;
      return method(...args);
    }),
  ]);
  return Object.fromEntries(methods) as G;
}
