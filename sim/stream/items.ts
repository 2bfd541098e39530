/** IG's streaming items: names, modes, data adapters and fields, and the checks an `add` request passes. */

export type Mode = 'MERGE' | 'DISTINCT';
export type Scale = 'SECOND' | '1MINUTE' | '5MINUTE' | 'HOUR';

export type Item =
  | { kind: 'price'; name: string; accountId: string; epic: string }
  | { kind: 'account'; name: string; accountId: string }
  | { kind: 'trade'; name: string; accountId: string }
  | { kind: 'heartbeat'; name: string }
  | { kind: 'tick'; name: string; epic: string }
  | { kind: 'candle'; name: string; epic: string; scale: Scale };

const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1));
const LADDER = [
  ...range(4, (i) => `BIDPRICE${i + 1}`),
  ...range(4, (i) => `ASKPRICE${i + 1}`),
  ...range(5, (i) => `BIDSIZE${i}`),
  ...range(5, (i) => `ASKSIZE${i}`),
  ...range(6, (i) => `CURRENCY${i - 1}`),
  ...range(5, (c) => String(c)).flatMap((c) => range(5, (s) => `C${c}BIDSIZE${s}`)),
  ...range(5, (c) => String(c)).flatMap((c) => range(5, (s) => `C${c}ASKSIZE${s}`)),
];
export const PRICE_LADDER = new Set(LADDER);
const DAY = ['DAY_OPEN_MID', 'DAY_NET_CHG_MID', 'DAY_PERC_CHG_MID', 'DAY_HIGH', 'DAY_LOW'];
const CANDLE = ['OFR', 'BID', 'LTP'].flatMap((s) => ['OPEN', 'HIGH', 'LOW', 'CLOSE'].map((p) => `${s}_${p}`));

/** The fields each kind of item serves, as IG names them. */
export const FIELDS: Record<Item['kind'], ReadonlySet<string>> = {
  price: new Set([
    'MID_OPEN',
    'HIGH',
    'LOW',
    'BIDQUOTEID',
    'ASKQUOTEID',
    'BIDPRICE1',
    'ASKPRICE1',
    ...LADDER,
    'TIMESTAMP',
    'DLG_FLAG',
    'NET_CHG',
    'NET_CHG_PCT',
    'NET_CHG_',
    'DELAY',
  ]),
  account: new Set([
    'PNL',
    'DEPOSIT',
    'AVAILABLE_CASH',
    'PNL_LR',
    'PNL_NLR',
    'FUNDS',
    'MARGIN',
    'MARGIN_LR',
    'MARGIN_NLR',
    'AVAILABLE_TO_DEAL',
    'EQUITY',
    'EQUITY_USED',
    'USED_MARGIN',
    'AMOUNT_DUE',
  ]),
  trade: new Set(['CONFIRMS', 'OPU', 'WOU']),
  heartbeat: new Set(['HEARTBEAT']),
  tick: new Set(['BID', 'OFR', 'LTP', 'LTV', 'TTV', 'UTM', ...DAY]),
  candle: new Set(['LTV', 'TTV', 'UTM', ...DAY, ...CANDLE, 'CONS_END', 'CONS_TICK_COUNT']),
};

const MODE: Record<Item['kind'], Mode> = {
  price: 'MERGE',
  account: 'MERGE',
  trade: 'DISTINCT',
  heartbeat: 'MERGE',
  tick: 'DISTINCT',
  candle: 'MERGE',
};

const SCALES: readonly string[] = ['SECOND', '1MINUTE', '5MINUTE', 'HOUR'];

/** Reads an item name; undefined for anything IG does not serve (MARKET: was switched off on 2026-05-08). */
export function parseItem(name: string): Item | undefined {
  if (name === 'TRADE:HB.U.HEARTBEAT.IP') return { kind: 'heartbeat', name };
  const parts = name.split(':');
  const [type, a, b] = parts;
  if (!type || !a) return undefined;
  if (type === 'PRICE' && parts.length === 3 && b) return { kind: 'price', name, accountId: a, epic: b };
  if (type === 'ACCOUNT' && parts.length === 2) return { kind: 'account', name, accountId: a };
  if (type === 'TRADE' && parts.length === 2) return { kind: 'trade', name, accountId: a };
  if (type === 'CHART' && parts.length === 3 && b === 'TICK') return { kind: 'tick', name, epic: a };
  if (type === 'CHART' && parts.length === 3 && b && SCALES.includes(b))
    return { kind: 'candle', name, epic: a, scale: b as Scale };
  return undefined;
}

export interface AddRequest {
  mode: string;
  group: string;
  schema: string;
  dataAdapter: string | undefined;
}

export interface ItemContext {
  accountId: string;
  knownEpic(epic: string): boolean;
}

export type AddCheck =
  | { ok: true; items: Item[]; fields: string[]; mode: Mode }
  | { ok: false; code: number; message: string };

const fail = (code: number, message: string): AddCheck => ({ ok: false, code, message });

/** Validates an `add`: items of one kind, the right data adapter and mode, known fields, the session's account. */
export function checkAdd(req: AddRequest, ctx: ItemContext): AddCheck {
  const names = req.group.split(' ').filter(Boolean);
  const fields = req.schema.split(' ').filter(Boolean);
  if (names.length === 0) return fail(21, 'Invalid group');
  if (fields.length === 0) return fail(23, 'Invalid schema');
  const items: Item[] = [];
  for (const n of names) {
    const item = parseItem(n);
    if (!item) return fail(21, 'Invalid group');
    if ('accountId' in item && item.accountId !== ctx.accountId) return fail(21, 'Invalid group');
    if ('epic' in item && !ctx.knownEpic(item.epic)) return fail(21, 'Invalid group');
    items.push(item);
  }
  const kind = items[0]?.kind ?? 'price';
  if (items.some((i) => i.kind !== kind)) return fail(21, 'Invalid group');
  const adapter = req.dataAdapter ?? 'DEFAULT';
  if ((kind === 'price') !== (adapter === 'Pricing')) return fail(21, 'Invalid group');
  const mode = MODE[kind];
  if (req.mode !== mode) return fail(24, `Subscription mode not allowed for item: ${req.mode}`);
  const known = FIELDS[kind];
  if (fields.some((f) => !known.has(f))) return fail(23, 'Invalid schema');
  return { ok: true, items, fields, mode };
}
