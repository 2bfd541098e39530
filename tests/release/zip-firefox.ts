// Zips the Firefox build and its sources into a scratch directory, as `npm run release` does, and prints
// the zips' paths as JSON on the last line of stdout. Run in its own process by the release tests (WXT's
// build registers a global instance that must not meet the one Vitest's WXT plugin registers).
// Usage: npx tsx tests/release/zip-firefox.ts <outDir>
import { zip } from 'wxt';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: zip-firefox.ts <outDir>');
  process.exit(2);
}
const zips = await zip({ browser: 'firefox', outDir, mode: 'production' });
process.stdout.write(`\n${JSON.stringify(zips)}\n`);
