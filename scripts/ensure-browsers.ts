// Makes sure the browsers a command drives are installed (scripts/browsers.ts decides how); used by
// `npm run demo`, `npm run test:all` and `npm run bench`. Exits the process when it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type BrowserName, browserNeed, browserPlan, stillMissing } from './browsers';

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, program)));
}

function stop(message: string): never {
  console.error(`\n${message}`);
  process.exit(1);
}

/** Installs what is missing when this machine can (Debian, root), or stops with the command to run. */
export function ensureBrowsers(names: BrowserName[], command: string): void {
  const needed = names.map((name) => browserNeed(name, process.env));
  const plan = browserPlan(
    needed,
    existsSync,
    { uid: process.getuid?.() ?? null, hasAptGet: onPath('apt-get') },
    command,
  );
  if (plan.kind === 'ready') return;
  if (plan.kind === 'stop') stop(plan.message);
  console.log(plan.announce);
  for (const [program, ...args] of plan.commands) {
    const line = [program, ...args].join(' ');
    const result = spawnSync(program as string, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) stop(`\`${line}\` failed (${result.error?.message ?? `exit ${result.status}`}).`);
  }
  const missing = stillMissing(plan.expect, existsSync);
  if (missing) stop(missing);
  console.log(`Installed ${plan.expect.map((b) => `${b.label} (${b.path})`).join(' and ')}.`);
}
