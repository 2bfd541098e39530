import { describe, expect, it } from 'vitest';
import { encodeUpdate, encodeValue, parseHttpBody, parseParams, parseWsRequest } from '../../sim/stream/encode';
import { checkAdd, parseItem } from '../../sim/stream/items';
import { protocolError } from '../../sim/stream/protocol';

describe('TLCP value encoding', () => {
  it('sends null as #, the empty string as $ and plain values as they are', () => {
    expect(encodeValue(null)).toBe('#');
    expect(encodeValue('')).toBe('$');
    expect(encodeValue('1.08512')).toBe('1.08512');
    expect(encodeValue('DEAL')).toBe('DEAL');
  });

  it('percent-encodes | , CR LF % anywhere and # $ ^ at the start only', () => {
    expect(encodeValue('a|b,c\r\nd%e')).toBe('a%7Cb%2Cc%0D%0Ad%25e');
    expect(encodeValue('#1')).toBe('%231');
    expect(encodeValue('$x')).toBe('%24x');
    expect(encodeValue('^3')).toBe('%5E3');
    expect(encodeValue('a#$^')).toBe('a#$^');
    expect(encodeValue('{"a":1,"b":"é"}')).toBe('{"a":1%2C"b":"é"}');
  });

  it('round-trips through the decoding the clients apply', () => {
    for (const v of ['a|b', '%', '#', '$', '^', '50%,|\r\n', 'é|ü', '#$^']) {
      const encoded = encodeValue(v);
      expect(encoded).not.toMatch(/[|,\r\n]/);
      expect(decodeURIComponent(encoded)).toBe(v);
    }
  });

  it('sends every field on the first update and only the changed ones after; nothing when nothing changed', () => {
    expect(encodeUpdate(undefined, ['1.1', null, ''])).toBe('1.1|#|$');
    expect(encodeUpdate(['1.1', null, ''], ['1.2', null, ''])).toBe('1.2||');
    expect(encodeUpdate(['1.1', null, ''], ['1.1', 'x', null])).toBe('|x|#');
    expect(encodeUpdate(['1.1', 'x'], ['1.1', 'x'])).toBeUndefined();
    expect(encodeUpdate(['a'], [''])).toBe('$');
  });
});

describe('TLCP requests', () => {
  it('reads percent-encoded parameters, keeping a plus sign', () => {
    const p = parseParams('LS_user=SIMCFD1&LS_password=CST-ab%7CXST-c+d&LS_schema=BIDPRICE1%20ASKPRICE1&LS_x');
    expect(p.get('LS_password')).toBe('CST-ab|XST-c+d');
    expect(p.get('LS_schema')).toBe('BIDPRICE1 ASKPRICE1');
    expect(p.get('LS_x')).toBe('');
  });

  it('splits a batched WebSocket control message and an HTTP body into requests', () => {
    const ws = parseWsRequest('control\r\nLS_reqId=1&LS_op=add\r\nLS_reqId=2&LS_op=delete\r\n');
    expect(ws.name).toBe('control');
    expect(ws.requests.map((r) => r.get('LS_reqId'))).toEqual(['1', '2']);
    expect(parseWsRequest('heartbeat\r\n\r\n')).toEqual({ name: 'heartbeat', requests: [] });
    expect(parseHttpBody('LS_op=add&LS_reqId=3\r\nLS_op=delete&LS_reqId=4').map((r) => r.get('LS_op'))).toEqual([
      'add',
      'delete',
    ]);
  });

  it('accepts TLCP 2.0 to 2.4 and refuses 2.5.0 as IG does', () => {
    expect(protocolError('TLCP-2.1.0')).toBeUndefined();
    expect(protocolError('TLCP-2.4.0')).toBeUndefined();
    expect(protocolError('TLCP-2.5.0')).toBe('CONERR,65,Unsupported protocol version: 2.5.0');
    expect(protocolError('nonsense')).toMatch(/^CONERR,65,/);
  });
});

describe('IG items', () => {
  const ctx = { accountId: 'SIMCFD1', knownEpic: (e: string) => e === 'CS.D.EURUSD.MINI.IP' };
  const add = (mode: string, group: string, schema: string, dataAdapter?: string) =>
    checkAdd({ mode, group, schema, dataAdapter }, ctx);

  it('reads the item names IG serves and nothing else', () => {
    expect(parseItem('PRICE:SIMCFD1:CS.D.EURUSD.MINI.IP')).toMatchObject({
      kind: 'price',
      epic: 'CS.D.EURUSD.MINI.IP',
    });
    expect(parseItem('CHART:CS.D.EURUSD.MINI.IP:5MINUTE')).toMatchObject({ kind: 'candle', scale: '5MINUTE' });
    expect(parseItem('CHART:CS.D.EURUSD.MINI.IP:TICK')).toMatchObject({ kind: 'tick' });
    expect(parseItem('TRADE:HB.U.HEARTBEAT.IP')).toMatchObject({ kind: 'heartbeat' });
    expect(parseItem('TRADE:SIMCFD1')).toMatchObject({ kind: 'trade', accountId: 'SIMCFD1' });
    expect(parseItem('ACCOUNT:SIMCFD1')).toMatchObject({ kind: 'account' });
    for (const bad of ['MARKET:CS.D.EURUSD.MINI.IP', 'L1:CS.D.EURUSD.MINI.IP', 'CHART:X:DAY', 'PRICE:SIMCFD1', ''])
      expect(parseItem(bad)).toBeUndefined();
  });

  it('accepts PRICE in MERGE with the Pricing adapter, with both change-percent spellings and the ladder', () => {
    const ok = add('MERGE', 'PRICE:SIMCFD1:CS.D.EURUSD.MINI.IP', 'BIDPRICE1 NET_CHG_PCT NET_CHG_ BIDSIZE1', 'Pricing');
    expect(ok).toMatchObject({ ok: true, mode: 'MERGE', fields: ['BIDPRICE1', 'NET_CHG_PCT', 'NET_CHG_', 'BIDSIZE1'] });
  });

  it('refuses wrong adapters, accounts, epics, mixed kinds, modes and fields with IG-like codes', () => {
    const price = 'PRICE:SIMCFD1:CS.D.EURUSD.MINI.IP';
    expect(add('MERGE', price, 'BIDPRICE1')).toMatchObject({ ok: false, code: 21 });
    expect(add('MERGE', 'PRICE:SIMSPB1:CS.D.EURUSD.MINI.IP', 'BIDPRICE1', 'Pricing')).toMatchObject({ code: 21 });
    expect(add('MERGE', 'PRICE:SIMCFD1:NO.SUCH.EPIC', 'BIDPRICE1', 'Pricing')).toMatchObject({ code: 21 });
    expect(add('MERGE', `${price} ACCOUNT:SIMCFD1`, 'PNL', 'Pricing')).toMatchObject({ code: 21 });
    expect(add('MERGE', 'ACCOUNT:SIMCFD1', 'PNL', 'Pricing')).toMatchObject({ code: 21 });
    expect(add('MERGE', 'MARKET:CS.D.EURUSD.MINI.IP', 'BID')).toMatchObject({ code: 21 });
    expect(add('DISTINCT', price, 'BIDPRICE1', 'Pricing')).toMatchObject({ code: 24 });
    expect(add('MERGE', 'TRADE:SIMCFD1', 'CONFIRMS')).toMatchObject({ code: 24 });
    expect(add('MERGE', price, 'BIDPRICE1 BID', 'Pricing')).toMatchObject({ code: 23 });
    expect(add('DISTINCT', 'TRADE:SIMCFD1', 'CONFIRMS OPU WOU')).toMatchObject({ ok: true, mode: 'DISTINCT' });
  });
});
