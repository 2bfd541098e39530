// `npm run size`: the size budgets of .size-limit.ts, measured by size-limit with its file plugin
// (gzip, level 9). size-limit's own command line needs Node 22 (fs.glob); its API runs on the Node 20
// this project's CI has, so this runs the same checks through it and fails with the numbers.
import filePlugin from '@size-limit/file';
import sizeLimit from 'size-limit';
import checks from '../.size-limit';

const KB = 1000;

function limitBytes(limit: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*kB$/i.exec(limit.trim());
  if (!m) throw new Error(`A size limit must read like "40 KB", not "${limit}"`);
  return Number(m[1]) * KB;
}

const measured = (await sizeLimit([filePlugin], {
  checks: checks.map((c) => ({ files: c.path, gzip: c.gzip })),
})) as { size?: number }[];
let failed = 0;
for (const [i, check] of checks.entries()) {
  const size = measured[i]?.size ?? Number.NaN;
  const limit = limitBytes(check.limit);
  const ok = size <= limit;
  if (!ok) failed++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${check.name}: ${(size / KB).toFixed(2)} kB gzip, limit ${check.limit} (${check.path.length} files)`,
  );
  if (!ok) for (const f of check.path) console.log(`       ${f}`);
}
if (failed > 0) {
  console.error(`${failed} size budget(s) exceeded`);
  process.exitCode = 1;
}
