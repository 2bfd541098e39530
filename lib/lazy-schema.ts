// A valibot schema built on its first use. Built at module top level, the worker's hundreds of schemas were
// a measurable part of its evaluation on every wake, before the first reply, for checks most wakes never run.
import * as v from 'valibot';

export function lazySchema<T extends v.GenericSchema>(build: () => T): v.LazySchema<T> {
  let schema: T | undefined;
  return v.lazy(() => {
    schema ??= build();
    return schema;
  });
}
