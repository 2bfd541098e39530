import { cpSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { configureConnection, extensionUrl, launchExtension } from '../e2e/launch';
import { startSim } from '../sim/server';
const src = process.argv[2] as string;
const dir = '/tmp/wprobe/ext';
rmSync(dir, { recursive: true, force: true });
cpSync(src, dir, { recursive: true });
const bg = readFileSync(`${dir}/background.js`, 'utf8');
writeFileSync(`${dir}/background.js`, `self.__m={t0:performance.now()};\n${bg}\nself.__m.t1=performance.now();\n`);
const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
const { context, serviceWorker, extensionId } = await launchExtension({ extensionDir: dir });
if (process.argv[3] !== 'floor') await configureConnection(serviceWorker, sim);
const page = await context.newPage();
await page.goto(extensionUrl(extensionId, 'manifest.json'));
const cdp = await context.newCDPSession(page);
await cdp.send('ServiceWorker.enable');
const rows = [];
for (let i = 0; i < 15; i++) {
  await cdp.send('ServiceWorker.stopAllWorkers');
  await new Promise((r) => setTimeout(r, 600));
  const r = await page.evaluate(async () => {
    const t0 = performance.timeOrigin + performance.now();
    await (globalThis as any).chrome.runtime.sendMessage({ id: 1, type: 'status.get', data: {}, timestamp: Date.now() });
    return { sent: t0, got: performance.timeOrigin + performance.now() };
  });
  const w = context.serviceWorkers().at(-1)!;
  const m = await w.evaluate(() => ({ origin: performance.timeOrigin, ...(self as any).__m }));
  rows.push({ total: r.got - r.sent, toStart: m.origin - r.sent, toScript: m.t0, evalMs: m.t1 - m.t0, afterEval: r.got - (m.origin + m.t1) });
}
const med = (k: string) => { const v = rows.map((x: any) => x[k]).sort((a: number, b: number) => a - b); return v[Math.floor(v.length / 2)].toFixed(1); };
console.log(Object.fromEntries(['total', 'toStart', 'toScript', 'evalMs', 'afterEval'].map((k) => [k, med(k)])));
await context.close(); await sim.close(); process.exit(0);
