// The generated manifests: Firefox gets the side panel as its sidebar (and nothing Chrome-only),
// Chrome gets side_panel with its permission; both reach only the IG hosts without asking.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IG_HOSTS, OPTIONAL_HOSTS } from '../../wxt.config';

type Manifest = Record<string, unknown> & {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  background?: { service_worker?: string; scripts?: string[] };
  sidebar_action?: { default_panel?: string; default_title?: string; open_at_install?: boolean };
  side_panel?: { default_path?: string };
  browser_specific_settings?: {
    gecko?: { id?: string; data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
  commands?: Record<string, unknown>;
};

const scratch = mkdtempSync(join(tmpdir(), 'marketside-manifest-'));

// test:all builds both browsers (`npx wxt build [-b firefox]`) before Vitest starts and then names the folder
// they were built into (BUILT_OUTPUT): their manifests are read from there instead of built twice again.
function buildManifest(browser: 'chrome' | 'firefox'): Manifest {
  const built = process.env.BUILT_OUTPUT;
  if (built) return JSON.parse(readFileSync(join(built, `${browser}-mv3`, 'manifest.json'), 'utf8')) as Manifest;
  const result = spawnSync('npx', ['tsx', 'tests/manifest/build-manifest.ts', browser, join(scratch, browser)], {
    encoding: 'utf8',
    timeout: 280_000,
  });
  if (result.status !== 0) throw new Error(`wxt build -b ${browser} failed:\n${result.stderr}\n${result.stdout}`);
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Manifest;
}

let firefox: Manifest;
let chrome: Manifest;

beforeAll(() => {
  firefox = buildManifest('firefox');
  chrome = buildManifest('chrome');
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('Firefox manifest', () => {
  it('is Manifest V3 with an event-page background', () => {
    expect(firefox.manifest_version).toBe(3);
    expect(firefox.background?.scripts).toEqual(['background.js']);
    expect(firefox.background?.service_worker).toBeUndefined();
  });

  it('opens the side panel page as its sidebar, not at install', () => {
    expect(firefox.sidebar_action?.default_panel).toBe('sidepanel.html');
    expect(firefox.sidebar_action?.default_title).toBe('Marketside');
    expect(firefox.sidebar_action?.open_at_install).toBe(false);
    expect(firefox.commands).toHaveProperty('_execute_sidebar_action');
  });

  it("has none of Chrome's side panel or offscreen document", () => {
    expect(firefox.side_panel).toBeUndefined();
    expect(firefox.permissions).not.toContain('offscreen');
    expect(firefox.permissions).not.toContain('sidePanel');
    expect(firefox.commands).not.toHaveProperty('open-side-panel');
  });

  it('names its add-on id and declares what it transmits to IG: credentials, account data, searches', () => {
    expect(firefox.browser_specific_settings?.gecko?.id).toBe('marketside@marketside.app');
    const declared = firefox.browser_specific_settings?.gecko?.data_collection_permissions;
    expect(declared?.required).toEqual(['authenticationInfo', 'financialAndPaymentInfo', 'searchTerms']);
    expect(declared?.required).not.toContain('none');
    expect(declared).not.toHaveProperty('optional');
  });

  it('reaches only the IG hosts (REST and streaming) without asking; other gateways are optional', () => {
    expect(firefox.host_permissions).toEqual(IG_HOSTS);
    expect(firefox.host_permissions).toContain('https://*.marketdatasystems.com/*');
    expect(firefox.optional_host_permissions).toEqual(OPTIONAL_HOSTS);
  });
});

describe('Chrome manifest', () => {
  it('is Manifest V3 with a service worker', () => {
    expect(chrome.manifest_version).toBe(3);
    expect(chrome.background?.service_worker).toBe('background.js');
  });

  it('has the side panel and its permission, and no Firefox sidebar or gecko settings', () => {
    expect(chrome.side_panel?.default_path).toBe('sidepanel.html');
    expect(chrome.permissions).toContain('sidePanel');
    expect(chrome.sidebar_action).toBeUndefined();
    expect(chrome.browser_specific_settings).toBeUndefined();
    expect(chrome.commands).toHaveProperty('open-side-panel');
  });

  it('streams in an offscreen document', () => {
    expect(chrome.permissions).toContain('offscreen');
  });

  it('reaches exactly the IG hosts without asking; the simulated service and proxies are optional', () => {
    expect(chrome.host_permissions).toEqual([
      'https://api.ig.com/*',
      'https://demo-api.ig.com/*',
      'https://*.marketdatasystems.com/*',
    ]);
    expect(chrome.optional_host_permissions).toEqual(
      expect.arrayContaining(['http://127.0.0.1/*', 'http://localhost/*']),
    );
  });
});
