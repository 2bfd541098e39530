import { describe, expect, it } from 'vitest';
import { accountOfItem, mergeFunds, noFunds } from '../../lib/stream/account-merge';

const funds = {
  ...noFunds('ACC1', 'GBP'),
  balance: 10_000,
  margin: 500,
  profitLoss: 12.5,
  available: 9_512.5,
  equity: 10_012.5,
};

describe('ACCOUNT updates merged into the funds', () => {
  it('takes every figure from the first (snapshot) update', () => {
    const next = mergeFunds(noFunds('ACC1'), {
      PNL: '-3.2',
      DEPOSIT: '400',
      AVAILABLE_CASH: '9600',
      FUNDS: '10000',
      MARGIN: '400',
      AVAILABLE_TO_DEAL: '9596.8',
      EQUITY: '9996.8',
    });
    expect(next).toEqual({
      accountId: 'ACC1',
      currency: '',
      balance: 10_000,
      margin: 400,
      profitLoss: -3.2,
      available: 9_596.8,
      equity: 9_996.8,
    });
  });

  it('changes only the fields an update carries; the others stay', () => {
    expect(mergeFunds(funds, { PNL: '20', EQUITY: '10020' })).toEqual({ ...funds, profitLoss: 20, equity: 10_020 });
  });

  it("clears a figure the service sent as null (Lightstreamer's #) or empty", () => {
    expect(mergeFunds(funds, { PNL: null })).toEqual({ ...funds, profitLoss: null });
    expect(mergeFunds(funds, { MARGIN: '' })).toEqual({ ...funds, margin: null });
  });

  it('refuses malformed values: the figure stays, never NaN or Infinity', () => {
    expect(mergeFunds(funds, { PNL: 'abc', FUNDS: 'Infinity', MARGIN: ' ', EQUITY: '1e400' })).toBeNull();
    const next = mergeFunds(funds, { PNL: 'NaN', AVAILABLE_TO_DEAL: '9000' });
    expect(next).toEqual({ ...funds, available: 9_000 });
    expect(Object.values(next ?? {}).some((v) => typeof v === 'number' && !Number.isFinite(v))).toBe(false);
  });

  it('an update that changes nothing shown is null (nothing to announce)', () => {
    expect(mergeFunds(funds, { PNL: '12.5' })).toBeNull();
    expect(mergeFunds(funds, { DEPOSIT: '700', AVAILABLE_CASH: '1' })).toBeNull();
    expect(mergeFunds(funds, {})).toBeNull();
  });

  it('reads the account of an ACCOUNT item and nothing else', () => {
    expect(accountOfItem('ACCOUNT:ABC12')).toBe('ABC12');
    expect(accountOfItem('ACCOUNT:')).toBeNull();
    expect(accountOfItem('TRADE:ABC12')).toBeNull();
    expect(accountOfItem('PRICE:ABC12:CS.D.EURUSD.CFD.IP')).toBeNull();
  });
});
