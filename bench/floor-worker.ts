// The floor for the worker benchmark: the fastest an MV3 service worker can answer a message on this
// machine, in this run. A minimal extension whose worker answers one message (in the envelope the bench's
// page sends and the shape it checks), launched the same way as the build and alternately with it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MANIFEST = {
  manifest_version: 3,
  name: 'Worker floor',
  version: '1.0.0',
  background: { service_worker: 'floor-worker.js' },
};
const WORKER = `chrome.runtime.onMessage.addListener((message, _sender, reply) => { reply({ res: { ok: true } }); });\n`;

/** A built floor extension in a temporary folder; `remove()` deletes it. */
export function floorWorkerExtension(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'marketside-floor-worker-'));
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(MANIFEST)}\n`);
  writeFileSync(join(dir, 'floor-worker.js'), WORKER);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
