// What `npm run demo`, `npm run test:all` and `npm run bench` do about a missing browser: install it
// with apt-get on Debian as root (as CI is), otherwise stop with the exact command to run.
import { describe, expect, it } from 'vitest';
import { aptInstall, browserNeed, browserPlan, stillMissing } from '../../scripts/browsers';

const chromium = browserNeed('chromium');
const firefox = browserNeed('firefox');
const root = { uid: 0, hasAptGet: true };
const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('browserPlan', () => {
  it('does nothing when every browser is there', () => {
    const plan = browserPlan(
      [chromium, firefox],
      only('/usr/bin/chromium', '/usr/bin/firefox-esr'),
      root,
      'npm run test:all',
    );
    expect(plan).toEqual({ kind: 'ready' });
  });

  it('installs the missing ones with apt-get on Debian as root, as CI did, and says so', () => {
    const plan = browserPlan([chromium, firefox], only(), root, 'npm run test:all');
    expect(plan).toEqual({
      kind: 'install',
      announce:
        'npm run test:all needs Chromium (/usr/bin/chromium) and Firefox ESR (/usr/bin/firefox-esr): ' +
        'installing chromium and firefox-esr with apt-get…',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium', 'firefox-esr'],
      ],
      expect: [chromium, firefox],
    });
  });

  it("installs the language packs the German journeys need with the browsers: Debian's Chromium speaks only English without them", () => {
    const packs = [browserNeed('chromium-l10n'), browserNeed('firefox-l10n-de')];
    const plan = browserPlan(
      [chromium, firefox, ...packs],
      only('/usr/bin/chromium', '/usr/bin/firefox-esr'),
      root,
      'npm run test:all',
    );
    expect(plan).toMatchObject({
      kind: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium-l10n', 'firefox-esr-l10n-de'],
      ],
      expect: packs,
    });
  });

  it('installs only what is missing', () => {
    const plan = browserPlan([chromium, firefox], only('/usr/bin/chromium'), root, 'npm run test:all');
    expect(plan.kind === 'install' && plan.commands[1]).toEqual(aptInstall(['firefox-esr']));
    expect(plan.kind === 'install' && plan.expect).toEqual([firefox]);
  });

  it('the demo asks only for Chromium', () => {
    const plan = browserPlan([chromium], only('/usr/bin/firefox-esr'), root, 'npm run demo');
    expect(plan.kind === 'install' && plan.commands[1]).toEqual(aptInstall(['chromium']));
    expect(browserPlan([chromium], only('/usr/bin/chromium'), root, 'npm run demo')).toEqual({ kind: 'ready' });
  });

  it('stops with the exact command when not root', () => {
    const plan = browserPlan([chromium, firefox], only(), { uid: 1000, hasAptGet: true }, 'npm run test:all');
    expect(plan.kind).toBe('stop');
    const message = plan.kind === 'stop' ? plan.message : '';
    expect(message).toContain('Chromium (/usr/bin/chromium) and Firefox ESR (/usr/bin/firefox-esr)');
    expect(message).toContain("sudo sh -c 'apt-get update && apt-get install -y chromium firefox-esr'");
    expect(message).toContain('then npm run test:all again');
  });

  it('stops when there is no user id (not a Unix machine) or no apt-get', () => {
    const noUid = browserPlan([chromium], only(), { uid: null, hasAptGet: true }, 'npm run demo');
    expect(noUid.kind).toBe('stop');
    const noApt = browserPlan([chromium, firefox], only(), { uid: 0, hasAptGet: false }, 'npm run test:all');
    expect(noApt.kind).toBe('stop');
    const message = noApt.kind === 'stop' ? noApt.message : '';
    expect(message).toContain('no apt-get');
    expect(message).toContain("sudo sh -c 'apt-get update && apt-get install -y chromium firefox-esr'");
    expect(message).toContain('CHROMIUM_PATH and FIREFOX_PATH');
  });

  it('does not install for a browser asked for at another path, and names the variable', () => {
    const elsewhere = browserNeed('chromium', { CHROMIUM_PATH: '/opt/chrome/chrome' });
    expect(elsewhere.path).toBe('/opt/chrome/chrome');
    const plan = browserPlan([elsewhere], only('/usr/bin/chromium'), root, 'npm run demo');
    expect(plan.kind).toBe('stop');
    const message = plan.kind === 'stop' ? plan.message : '';
    expect(message).toContain('/opt/chrome/chrome');
    expect(message).toContain('CHROMIUM_PATH');
    expect(browserPlan([elsewhere], only('/opt/chrome/chrome'), root, 'npm run demo')).toEqual({ kind: 'ready' });
  });

  it('reads FIREFOX_PATH and ignores an empty variable', () => {
    expect(browserNeed('firefox', { FIREFOX_PATH: '/opt/ff/firefox' }).path).toBe('/opt/ff/firefox');
    expect(browserNeed('firefox', { FIREFOX_PATH: '' }).path).toBe('/usr/bin/firefox-esr');
  });
});

describe('stillMissing', () => {
  it('says which binary apt-get did not put in place', () => {
    expect(stillMissing([chromium, firefox], only('/usr/bin/chromium', '/usr/bin/firefox-esr'))).toBeNull();
    expect(stillMissing([chromium, firefox], only('/usr/bin/chromium'))).toBe(
      'apt-get finished, but Firefox ESR (/usr/bin/firefox-esr) is still not there.',
    );
  });
});
