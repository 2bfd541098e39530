// Hostile inputs generated from the message contract: for every message of `requests`, a valid sample
// built from its schema (in the contract, or in the group's file it names), and for every field in it the
// values a hostile or broken page could send. A new message or field is covered as soon as it is in the table.
import * as v from 'valibot';
import { type MessageName, requests } from '../../lib/messages/contract';
import * as credentials from '../../lib/messages/requests/credentials';
import * as dealing from '../../lib/messages/requests/dealing';
import * as s from '../../lib/messages/schemas';

const inFile: Record<string, Record<string, unknown>> = {
  credentials: credentials.credentialRequests,
  dealing: dealing.dealingRequests,
};

/** A message's request schema, wherever the contract keeps it. */
export function schemaOf(message: MessageName): unknown {
  const entry: unknown = requests[message];
  return typeof entry === 'string' ? inFile[entry]?.[message] : entry;
}

// Valibot's schema objects, as far as this walker reads them.
interface Node {
  kind: string;
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  options?: Node[] | unknown[];
  literal?: unknown;
  key?: string;
  pipe?: Node[];
  requirement?: unknown;
}

type Schema = v.GenericSchema;
/** The schema itself: one built on first use (lib/lazy-schema.ts) is read through its getter (the same object each time). */
const node = (schema: unknown): Node => {
  let n = schema as Node & { getter?: (input: unknown) => unknown };
  while (n?.type === 'lazy' && n.getter) n = n.getter(undefined) as typeof n;
  return n;
};

export type Path = (string | number)[];

export interface Leaf {
  path: Path;
  schema: Node;
  optional: boolean;
  nullable: boolean;
}

export interface HostileValue {
  label: string;
  value: unknown;
  /** Whether any sane contract refuses it (wrong type, megabytes, control characters, NaN...). */
  mustReject: boolean;
}

export interface HostileCase extends HostileValue {
  message: MessageName;
  /** The field at fault, as the router names it (dot path); '' for the whole request. */
  field: string;
  data: unknown;
}

export const MEGABYTES = 2_000_000;
export const HUGE_STRING = 'A'.repeat(MEGABYTES);
export const SCRIPT = '<img src=x onerror="window.__pwned=1">';
export const CONTROL_NUL = 'ab\u0000cd';
export const CONTROL_ESC = '\u001b[31mred\u001b[0m';

/** Fields whose value is a whole file the user chose: empty and multi-line text are the file's business. */
export const FILE_FIELDS = new Set(['settings.import json']);

/** Identifiers with a fixed alphabet: a script tag can never be one. */
const IDENTIFIERS = new Set<unknown>(
  [
    s.epic,
    s.marketId,
    s.accountId,
    dealing.dealId,
    s.dealReference,
    dealing.currencyCode,
    dealing.expiry,
    s.resolution,
    dealing.direction,
    s.environment,
    dealing.permitScope,
  ].map(node),
);

const STRING_SAMPLES = [
  'CS.D.EURUSD.MINI.IP',
  'EURUSD',
  'ABC123',
  'EUR',
  '12:00',
  'http://127.0.0.1:9/gateway/deal',
  '-',
  'sim-key',
];
const NUMBER_SAMPLES = [1, 60_000, 1.5, 1_700_000_000_000];

function actions(n: Node): Node[] {
  return (n.pipe ?? []).filter((a) => a.kind !== 'schema');
}

function hasAction(n: Node, type: string): boolean {
  return actions(n).some((a) => a.type === type);
}

/** A valid value for a schema (throws when none of the candidates fits: add one above). */
export function sampleOf(schema: unknown): unknown {
  const n = node(schema);
  const fits = (x: unknown) => v.safeParse(schema as Schema, x).success;
  const first = (candidates: unknown[]) => {
    const found = candidates.find(fits);
    if (found === undefined) throw new Error(`No sample fits a ${n.type} schema: add one to tests/hostile/cases.ts`);
    return found;
  };
  switch (n.type) {
    case 'optional':
    case 'nullable':
      return sampleOf(n.wrapped);
    case 'object':
      return Object.fromEntries(Object.entries(n.entries ?? {}).map(([k, e]) => [k, sampleOf(e)]));
    case 'array':
      return [sampleOf(n.item)];
    case 'union':
    case 'variant':
      return sampleOf((n.options as Node[])[0]);
    case 'picklist':
      return (n.options as unknown[])[0];
    case 'literal':
      return n.literal;
    case 'boolean':
      return true;
    case 'string':
      return first(STRING_SAMPLES);
    case 'number':
      return first(NUMBER_SAMPLES);
    default:
      throw new Error(`The hostile cases do not know schema type ${n.type}: teach tests/hostile/cases.ts`);
  }
}

/** Every field of a request schema, down to the leaves (array items as index 0, union options as the first). */
export function leaves(schema: unknown, path: Path = [], optional = false, nullable = false): Leaf[] {
  const n = node(schema);
  switch (n.type) {
    case 'optional':
      return leaves(n.wrapped, path, true, nullable);
    case 'nullable':
      return leaves(n.wrapped, path, optional, true);
    case 'object': {
      const own = path.length ? [{ path, schema: n, optional, nullable }] : [];
      return [...own, ...Object.entries(n.entries ?? {}).flatMap(([k, e]) => leaves(e, [...path, k]))];
    }
    case 'array':
      return [{ path, schema: n, optional, nullable }, ...leaves(n.item, [...path, 0])];
    default:
      return [{ path, schema: n, optional, nullable }];
  }
}

function lowerBound(n: Node): number | undefined {
  for (const a of actions(n)) {
    if ((a.type === 'min_value' || a.type === 'gt_value') && typeof a.requirement === 'number') return a.requirement;
  }
  return undefined;
}

/** The values a hostile page could put in this field. */
export function hostileValues(leaf: Leaf, fileField: boolean, sample?: unknown): HostileValue[] {
  const n = leaf.schema;
  const must = (label: string, value: unknown): HostileValue => ({ label, value, mustReject: true });
  const maybe = (label: string, value: unknown): HostileValue => ({ label, value, mustReject: false });
  const out: HostileValue[] = [];
  if (!leaf.nullable) out.push(must('null', null));
  if (!leaf.optional) out.push(must('missing', undefined));
  const wrongTypes: [string, unknown][] = [
    ['a number', 42],
    ['a string', 'x'],
    ['a boolean', true],
    ['an object', { toString: 'x' }],
    ['an array', ['x']],
  ];
  const wrong = (except: string) =>
    wrongTypes.filter(([l]) => l !== except).map(([l, x]) => must(`wrong type: ${l}`, x));
  switch (n.type) {
    case 'string': {
      const identifier = IDENTIFIERS.has(n) || IDENTIFIERS.has(n.pipe?.[0]);
      // Megabytes after a valid start (a URL stays a URL, an epic keeps its prefix).
      const huge = `${typeof sample === 'string' ? sample : ''}${HUGE_STRING}`;
      out.push(...wrong('a string'), must(`${MEGABYTES / 1e6} MB of text`, huge));
      out.push({ label: 'empty', value: '', mustReject: !fileField });
      out.push({ label: 'NUL character', value: CONTROL_NUL, mustReject: !fileField });
      out.push({ label: 'escape sequence', value: CONTROL_ESC, mustReject: !fileField });
      out.push({ label: 'script tag', value: SCRIPT, mustReject: identifier });
      out.push(maybe('__proto__', '__proto__'));
      break;
    }
    case 'number': {
      out.push(...wrong('a number'), must('numeric string', '1'));
      out.push(must('NaN', Number.NaN), must('Infinity', Number.POSITIVE_INFINITY));
      out.push(must('-Infinity', Number.NEGATIVE_INFINITY), must('negative', -1));
      if (hasAction(n, 'integer')) out.push(must('fraction', 1.5));
      const min = lowerBound(n);
      if (min !== undefined && min > 0) out.push(must('zero', 0));
      break;
    }
    case 'boolean':
      out.push(...wrong('a boolean'), must('string "true"', 'true'), must('1', 1));
      break;
    case 'picklist':
      out.push(must('unknown choice', 'NOPE'), must('empty', ''), must('__proto__', '__proto__'));
      out.push(must('constructor', 'constructor'), must('wrong type', 42));
      for (const o of n.options as unknown[])
        if (typeof o === 'string' && o.toLowerCase() !== o) out.push(must(`lower case ${o}`, o.toLowerCase()));
      break;
    case 'literal':
      out.push(must('not the literal', n.literal === true ? false : `${String(n.literal)}x`));
      out.push(must('its string form', String(n.literal)));
      break;
    case 'array':
      out.push(...wrong('an array').filter((x) => !Array.isArray(x.value)), must('array-like object', { length: 1 }));
      out.push(
        must(
          '100,000 items',
          Array.from({ length: 100_000 }, () => sampleOf(n.item)),
        ),
      );
      break;
    case 'object':
      out.push(...wrong('an object').filter((x) => x.label !== 'wrong type: an object'), must('an array', []));
      break;
    case 'union':
      out.push(...wrong(''), must('empty object', {}));
      break;
    case 'variant':
      out.push(...wrong(''), must('empty object', {}), must('unknown kind', { [String(n.key)]: 'NOPE' }));
      out.push(must('__proto__ kind', { [String(n.key)]: '__proto__' }));
      break;
    default:
      throw new Error(`No hostile values for schema type ${n.type}`);
  }
  return out;
}

/** A copy of `data` with the value at `path` replaced (undefined deletes the key). */
export function setAt(data: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(data) ? [...data] : { ...(data as object) }) as Record<string | number, unknown>;
  const next = setAt(copy[head], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = next;
  return copy;
}

const WHOLE_REQUEST: HostileValue[] = [
  { label: 'whole request: a string', value: 'status', mustReject: true },
  { label: 'whole request: a number', value: 7, mustReject: true },
  // Valibot reads an array as an object: refused for its missing fields, or read as {} when it needs none.
  { label: 'whole request: an array', value: [], mustReject: false },
  { label: 'whole request: null', value: null, mustReject: true },
  { label: `whole request: ${MEGABYTES / 1e6} MB string`, value: HUGE_STRING, mustReject: true },
];

/** Every hostile case of every message in the contract. */
export function allCases(): HostileCase[] {
  const out: HostileCase[] = [];
  for (const message of Object.keys(requests) as MessageName[]) {
    const schema = schemaOf(message);
    const sample = sampleOf(schema);
    for (const w of WHOLE_REQUEST) out.push({ ...w, message, field: '', data: w.value });
    for (const leaf of leaves(schema)) {
      const field = leaf.path.join('.');
      const fileField = FILE_FIELDS.has(`${message} ${field}`);
      const valid = leaf.path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], sample);
      for (const h of hostileValues(leaf, fileField, valid)) {
        out.push({ ...h, message, field, data: setAt(sample, leaf.path, h.value) });
      }
    }
  }
  return out;
}

/** A valid request for every message, as the generator builds it. */
export function samples(): Record<MessageName, unknown> {
  return Object.fromEntries((Object.keys(requests) as MessageName[]).map((m) => [m, sampleOf(schemaOf(m))])) as Record<
    MessageName,
    unknown
  >;
}
