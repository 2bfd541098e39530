// The gate on a new passphrase: the real estimator (zxcvbn-ts, common and English dictionaries) at the
// guessing rate of ten fast graphics cards against the vault's Argon2id. Weak ones are refused with the
// reason and the time to guess in words; strong ones pass.
import { describe, expect, it } from 'vitest';
import { estimatePassphrase } from '../../lib/vault/estimator';
import {
  ATTACKER_CARDS,
  GUESSES_PER_SECOND_PER_CARD,
  judgeStrength,
  REQUIRED_GUESSES,
  REQUIRED_YEARS,
  timeInWords,
} from '../../lib/vault/strength';

describe('the passphrase gate', () => {
  it.each([
    ['482913', 'under a minute'],
    ['123456789012', 'This is a commonly used password.'],
    ['password123', 'This is a commonly used password.'],
    ['qwertyuiopasdfgh', 'This is similar to a commonly used password.'],
    ['river-otter-42', 'Too easy to guess'],
    ['Tr0ub4dor&3', 'Too easy to guess'],
  ])('refuses %s and says why', async (passphrase, reason) => {
    const strength = await estimatePassphrase(passphrase);
    expect(strength.ok).toBe(false);
    expect(strength.text).toContain('Too easy to guess');
    expect(strength.text).toContain(reason);
    expect(strength.text).toContain('would need');
    expect(strength.text).toContain('Use four or more uncommon words');
  });

  it.each([
    'correct horse battery staple',
    'velvet tundra oxide lemur',
    'e2e quarry velvet oxide lantern',
    'journey copper kettle midnight orchard',
  ])('accepts %s', async (passphrase) => {
    const strength = await estimatePassphrase(passphrase);
    expect(strength).toMatchObject({ ok: true, text: expect.stringContaining('Strong enough') });
    expect(strength.text).toMatch(/years/);
  });

  it('counts words of the account against the passphrase', async () => {
    expect((await estimatePassphrase('simtrader-harbour-2024')).ok).toBe(true);
    expect(await estimatePassphrase('simtrader-harbour-2024', ['simtrader'])).toMatchObject({ ok: false });
  });

  it('asks for a hundred years of ten fast cards at the Argon2id rate, no less', () => {
    expect(REQUIRED_GUESSES).toBeCloseTo(GUESSES_PER_SECOND_PER_CARD * ATTACKER_CARDS * REQUIRED_YEARS * 31_557_600);
    expect(REQUIRED_YEARS).toBeGreaterThanOrEqual(100);
    expect(judgeStrength({ guesses: REQUIRED_GUESSES, warning: null }).ok).toBe(true);
    expect(judgeStrength({ guesses: REQUIRED_GUESSES * 0.99, warning: null })).toMatchObject({
      ok: false,
      time: 'about 99 years',
    });
  });

  it('says durations in plain words', () => {
    expect(timeInWords(20)).toBe('under a minute');
    expect(timeInWords(60)).toBe('about 1 minute');
    expect(timeInWords(5 * 3600)).toBe('about 5 hours');
    expect(timeInWords(3 * 86_400)).toBe('about 3 days');
    expect(timeInWords(100 * 86_400)).toBe('about 3 months');
    expect(timeInWords(40 * 31_557_600)).toBe('about 40 years');
    expect(timeInWords(250_000 * 31_557_600)).toBe('about 250 thousand years');
    expect(timeInWords(5e6 * 31_557_600)).toBe('more than a million years');
  });
});
