import { describe, expect, it } from 'vitest';
import { checkReason } from '../../lib/options/check';

describe('the reason a connection check failed', () => {
  it('names bad credentials', () => {
    const r = checkReason({ kind: 'bad-credentials', message: 'x', code: 'error.security.invalid-details' });
    expect(r.failure).toBe('bad-credentials');
    expect(r.title).toBe('Wrong identifier or password');
  });

  it('names an invalid or disabled API key', () => {
    expect(checkReason({ kind: 'bad-credentials', message: 'x', code: 'error.security.api-key-invalid' }).failure).toBe(
      'invalid-key',
    );
    const disabled = checkReason({ kind: 'bad-credentials', message: 'x', code: 'error.security.api-key-disabled' });
    expect(disabled.detail).toMatch(/disabled or revoked/);
  });

  it('names an exceeded allowance', () => {
    const r = checkReason({ kind: 'rate-limited', message: 'x', code: 'error.public-api.exceeded-api-key-allowance' });
    expect(r.failure).toBe('allowance-exceeded');
  });

  it('names an unreachable service', () => {
    expect(checkReason({ kind: 'offline', message: 'x' }).failure).toBe('unreachable');
    expect(checkReason({ kind: 'timeout', message: 'x' }).failure).toBe('unreachable');
  });

  it('passes any other failure through with its message', () => {
    expect(checkReason({ kind: 'service', message: 'IG had a problem' })).toMatchObject({
      failure: 'other',
      detail: 'IG had a problem',
    });
  });
});
