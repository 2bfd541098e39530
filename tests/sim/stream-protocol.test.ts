import { describe, expect, it } from 'vitest';
import { parseParams } from '../../sim/stream/encode';
import { control, MAX_SUBSCRIPTIONS, openSession } from '../../sim/stream/protocol';
import { StreamSession } from '../../sim/stream/session';
import { testWorld, WEDNESDAY_1500 } from './helpers';

const world = testWorld;

const session = () => new StreamSession('S1', 'SIMCFD1', 'cst', 'xst', 5000);
const req = (line: string) => parseParams(line);
const HB = 'LS_mode=MERGE&LS_group=TRADE%3AHB.U.HEARTBEAT.IP&LS_schema=HEARTBEAT';

describe('control requests', () => {
  it('acknowledges an add with REQOK, then SUBOK with exact counts and a snapshot U (8.x)', () => {
    const w = world();
    const r = control(w, session(), req(`LS_reqId=7&LS_op=add&LS_subId=3&${HB}&LS_snapshot=true`));
    expect(r.reply).toEqual(['REQOK,7']);
    expect(r.stream).toEqual(['SUBOK,3,1,1', expect.stringMatching(/^U,3,1,\d{13}$/)]);
    expect(Number(r.stream[1]?.slice(6))).toBeGreaterThanOrEqual(WEDNESDAY_1500);
  });

  it('skips REQOK when LS_ack=false (9.x style), sends EOS for DISTINCT and nothing without a snapshot', () => {
    const w = world();
    const s = session();
    const trade = control(
      w,
      s,
      req(
        'LS_reqId=1&LS_op=add&LS_subId=1&LS_mode=DISTINCT&LS_group=TRADE:SIMCFD1&LS_schema=CONFIRMS%20OPU%20WOU&LS_snapshot=true&LS_ack=false',
      ),
    );
    expect(trade).toEqual({ reply: [], stream: ['SUBOK,1,1,3', 'EOS,1,1'] });
    expect(control(w, s, req(`LS_reqId=2&LS_op=add&LS_subId=2&${HB}&LS_snapshot=false`)).stream).toEqual([
      'SUBOK,2,1,1',
    ]);
    expect(control(w, s, req('LS_reqId=3&LS_op=delete&LS_subId=2&LS_ack=false'))).toEqual({
      reply: [],
      stream: ['UNSUB,2'],
    });
    expect(control(w, s, req('LS_reqId=4&LS_op=delete&LS_subId=2')).reply).toEqual([
      'REQERR,4,19,Specified subscription not found',
    ]);
    expect(control(w, s, req('LS_reqId=5&LS_op=destroy&LS_close_socket=true'))).toMatchObject({
      reply: ['REQOK,5'],
      destroy: true,
    });
  });

  it(`refuses subscription ${MAX_SUBSCRIPTIONS + 1} of a session`, () => {
    const w = world();
    const s = session();
    for (let i = 1; i <= MAX_SUBSCRIPTIONS; i++)
      expect(control(w, s, req(`LS_reqId=${i}&LS_op=add&LS_subId=${i}&${HB}`)).reply).toEqual([`REQOK,${i}`]);
    expect(control(w, s, req(`LS_reqId=99&LS_op=add&LS_subId=99&${HB}`)).reply).toEqual([
      'REQERR,99,-40,At most 40 subscriptions per session',
    ]);
    expect(s.subscriptions.size).toBe(MAX_SUBSCRIPTIONS);
  });
});

describe('opening a session', () => {
  it('takes CST-…|XST-… of one live REST session, refuses mixes, unknown users and maintenance', () => {
    const w = world();
    const a = w.tokens.newSession('SIMCFD1');
    const b = w.tokens.newSession('SIMCFD1');
    const [cst, xst, otherXst] = [
      w.tokens.issue(a, 'cst', w.now()),
      w.tokens.issue(a, 'xst', w.now()),
      w.tokens.issue(b, 'xst', w.now()),
    ];
    const env = { world: w, maintenance: false, keepaliveMs: 5000, newSessionId: () => 'S9' };
    const ok = openSession(env, req(`LS_password=CST-${cst}%7CXST-${xst}`));
    expect(ok).toBeInstanceOf(StreamSession);
    expect((ok as StreamSession).accountId).toBe('SIMCFD1');
    expect(
      openSession(env, req(`LS_user=SIMSPB1&LS_password=CST-${cst}%7CXST-${xst}&LS_keepalive_millis=2000`)),
    ).toMatchObject({
      accountId: 'SIMSPB1',
      keepaliveMs: 2000,
    });
    const refused = 'CONERR,1,User/password check failed';
    expect(openSession(env, req(`LS_password=CST-${cst}%7CXST-${otherXst}`))).toBe(refused);
    expect(openSession(env, req(`LS_user=NOPE&LS_password=CST-${cst}%7CXST-${xst}`))).toBe(refused);
    expect(openSession(env, req(`LS_password=${cst}`))).toBe(refused);
    expect(openSession({ ...env, maintenance: true }, req(`LS_password=CST-${cst}%7CXST-${xst}`))).toBe(
      'CONERR,10,New sessions temporarily blocked',
    );
  });
});
