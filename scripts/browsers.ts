// Which browsers a command drives, and what to do when one is missing: install it (Debian with
// apt-get, running as root, as CI is) or stop with the exact command to run. Pure: the caller
// (scripts/ensure-browsers.ts) looks at the machine and runs the plan.

export type BrowserName = 'chromium' | 'firefox' | 'chromium-l10n' | 'firefox-l10n-de' | 'xvfb';

export interface BrowserNeed {
  /** In words, for messages: "Chromium", "Firefox ESR". */
  label: string;
  /** Where the commands look for it. */
  path: string;
  /** The Debian package that puts it at its default path. */
  debianPackage: string;
  /** Its default path; a browser asked for elsewhere (an environment variable) is not installed for it. */
  defaultPath: string;
  /** The environment variable that points to another binary. */
  pathVariable: string;
}

const BROWSERS: Record<BrowserName, Omit<BrowserNeed, 'path'>> = {
  chromium: {
    label: 'Chromium',
    debianPackage: 'chromium',
    defaultPath: '/usr/bin/chromium',
    pathVariable: 'CHROMIUM_PATH',
  },
  firefox: {
    label: 'Firefox ESR',
    debianPackage: 'firefox-esr',
    defaultPath: '/usr/bin/firefox-esr',
    pathVariable: 'FIREFOX_PATH',
  },
  // The journeys in German: Debian's Chromium speaks English only without its language packs, and Firefox
  // ESR needs its German one. Each is known by a file the package installs.
  'chromium-l10n': {
    label: "Chromium's language packs",
    debianPackage: 'chromium-l10n',
    defaultPath: '/usr/lib/chromium/locales/de.pak',
    pathVariable: 'CHROMIUM_L10N_PATH',
  },
  'firefox-l10n-de': {
    label: "Firefox ESR's German language pack",
    debianPackage: 'firefox-esr-l10n-de',
    defaultPath: '/usr/lib/firefox-esr/browser/extensions/langpack-de@firefox-esr.mozilla.org.xpi',
    pathVariable: 'FIREFOX_L10N_DE_PATH',
  },
  // Firefox's real sidebar and toolbar popup do not open headless: those journeys run on a virtual display.
  xvfb: {
    label: 'Xvfb',
    debianPackage: 'xvfb',
    defaultPath: '/usr/bin/Xvfb',
    pathVariable: 'XVFB_PATH',
  },
};

export function browserNeed(name: BrowserName, env: Record<string, string | undefined> = {}): BrowserNeed {
  const browser = BROWSERS[name];
  return { ...browser, path: env[browser.pathVariable] || browser.defaultPath };
}

export interface Machine {
  /** The user id, or null where there is none (Windows). */
  uid: number | null;
  /** Whether apt-get is on the PATH (Debian and its kin). */
  hasAptGet: boolean;
}

/** Run one after the other, with DEBIAN_FRONTEND=noninteractive. */
export const APT_UPDATE = ['apt-get', 'update', '-qq'];
export function aptInstall(packages: string[]): string[] {
  return ['apt-get', 'install', '-y', '-qq', ...packages];
}

export type BrowserPlan =
  | { kind: 'ready' }
  | {
      kind: 'install';
      /** What to print before installing. */
      announce: string;
      commands: string[][];
      /** The binaries that must exist afterwards. */
      expect: BrowserNeed[];
    }
  | { kind: 'stop'; message: string };

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function missingText(missing: BrowserNeed[]): string {
  return list(missing.map((b) => `${b.label} (${b.path})`));
}

/**
 * What to do before a command that drives `needed`: nothing when every binary is there; otherwise
 * install the missing ones with apt-get when the machine can, or stop with the command to run.
 */
export function browserPlan(
  needed: BrowserNeed[],
  exists: (path: string) => boolean,
  machine: Machine,
  command: string,
): BrowserPlan {
  const missing = needed.filter((b) => !exists(b.path));
  if (missing.length === 0) return { kind: 'ready' };

  const elsewhere = missing.filter((b) => b.path !== b.defaultPath);
  if (elsewhere.length > 0)
    return {
      kind: 'stop',
      message:
        `${command} needs ${missingText(elsewhere)}, which is not there. ` +
        `Fix ${list(elsewhere.map((b) => b.pathVariable))} or unset it to use ${list(elsewhere.map((b) => b.defaultPath))}.`,
    };

  const packages = missing.map((b) => b.debianPackage);
  const them = missing.length > 1 ? 'them' : 'it';
  const asRoot = `sudo sh -c 'apt-get update && apt-get install -y ${packages.join(' ')}'`;
  if (!machine.hasAptGet)
    return {
      kind: 'stop',
      message:
        `${command} needs ${missingText(missing)}, and this machine has no apt-get to install ${them} with. ` +
        `On Debian run:\n  ${asRoot}\nElsewhere install ${list(missing.map((b) => b.label))} and set ` +
        `${list(missing.map((b) => b.pathVariable))} to ${them}.`,
    };
  if (machine.uid !== 0)
    return {
      kind: 'stop',
      message: `${command} needs ${missingText(missing)}. Installing ${them} needs root; run:\n  ${asRoot}\nthen ${command} again.`,
    };
  return {
    kind: 'install',
    announce: `${command} needs ${missingText(missing)}: installing ${list(packages)} with apt-get…`,
    commands: [APT_UPDATE, aptInstall(packages)],
    expect: missing,
  };
}

/** After installing: the message when a binary is still not there (null when all are). */
export function stillMissing(expected: BrowserNeed[], exists: (path: string) => boolean): string | null {
  const missing = expected.filter((b) => !exists(b.path));
  if (missing.length === 0) return null;
  return `apt-get finished, but ${missingText(missing)} is still not there.`;
}
