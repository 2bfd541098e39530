// Building blocks for tolerant response schemas: objects keep unknown fields, optional fields that
// arrive with the wrong type become undefined instead of failing, and only the fields a response
// cannot do without (ids, epics, list containers) are required.

import * as v from 'valibot';

export const optNum = v.fallback(v.optional(v.nullable(v.number())), undefined);
export const optStr = v.fallback(v.optional(v.nullable(v.string())), undefined);
/** IG sends some quantities (contractSize, valueOfOnePip) as numbers in one reply and strings in another. */
export const optNumStr = v.fallback(v.optional(v.nullable(v.union([v.number(), v.string()]))), undefined);
export const optBool = v.fallback(v.optional(v.nullable(v.boolean())), undefined);
/** A string or number identifier (IG sends some ids either way); normalised to a string. */
export const idString = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((x) => String(x)),
);

export function opt<T extends v.GenericSchema>(schema: T) {
  return v.fallback(v.optional(v.nullable(schema)), undefined);
}

/** An optional list: a missing or null list is empty; a list of the wrong shape is undefined. */
export function optList<T extends v.GenericSchema>(item: T) {
  return v.fallback(v.optional(v.nullable(v.array(item))), undefined);
}

export const unitValue = v.looseObject({ unit: optStr, value: optNum });
